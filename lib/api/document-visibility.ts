import { z } from "zod";

/** One document's configuration: the roles that see it (the original's DocumentVisibilityConfiguration). */
export const documentVisibilityConfiguration = z.object({
  documentUid: z.string().trim().min(1, "is required"),
  roleUids: z
    .array(z.string().trim().min(1))
    .nullish()
    .transform((value) => value ?? []),
});

/**
 * `POST/GET /api/packages/{packageId}/documents/visibility` (the original's DocumentVisibility).
 * The SDK's Entity fields (`id`, `name`, `data`) are read and ignored.
 */
export const documentVisibilityRequest = z.object({
  configurations: z
    .array(documentVisibilityConfiguration)
    .max(1000)
    .nullish()
    .transform((value) => value ?? []),
});
export type DocumentVisibilityRequest = z.infer<typeof documentVisibilityRequest>;

export const documentVisibilityResponse = z.object({
  configurations: z.array(z.object({ documentUid: z.string(), roleUids: z.array(z.string()) })),
});
export type DocumentVisibilityResponse = z.infer<typeof documentVisibilityResponse>;
