import { z } from "zod";
import { optional, pageFrom } from "./wire";

/**
 * `POST /api/layouts` (the original's Template, as its SDKs send it): `id` names the package whose
 * document becomes the layout, `documents[0]` that document (by id, else by name).
 */
export const layoutInput = z.object({
  id: z.string().trim().min(1, "is required: the id of the package whose document becomes the layout"),
  name: optional(z.string().trim().min(1).max(256)),
  description: optional(z.string().max(4000)),
  documents: z
    .array(z.object({ id: optional(z.string().max(64)), name: optional(z.string().max(256)) }))
    .min(1, "name the document the layout keeps")
    .max(1, "a layout keeps one document"),
});
export type LayoutInput = z.infer<typeof layoutInput>;

export const layoutListQuery = z.object({
  from: pageFrom,
  to: optional(z.coerce.number().int().min(1)),
  dir: z.preprocess((value) => (typeof value === "string" ? value.toUpperCase() : value), z.enum(["ASC", "DESC", "ASCENDING", "DESCENDING"])).default("ASC"),
});
export type LayoutListQuery = z.infer<typeof layoutListQuery>;

/** `POST …/documents/{documentId}/layout?layoutId=` or `?layoutName=`. */
export const applyLayoutQuery = z
  .object({ layoutId: optional(z.string().min(1).max(64)), layoutName: optional(z.string().min(1).max(256)) })
  .refine((query) => Boolean(query.layoutId) !== Boolean(query.layoutName), "give layoutId or layoutName, one of them");
export type ApplyLayoutQuery = z.infer<typeof applyLayoutQuery>;
