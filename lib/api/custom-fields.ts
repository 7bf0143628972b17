import { z } from "zod";

/**
 * Custom fields (the original's /api/account/customfields and /api/user/customfields): values
 * specific to a signer, kept per sender of the account with a default for everyone else, shown
 * in fields of subtype CUSTOMFIELD whose `name` is the custom field's id.
 */

const customFieldId = z.string().trim().min(1).max(128).regex(/^[^/?#\s]+$/, "must not contain spaces, '/', '?' or '#'");

const translation = z.object({
  language: z.string().trim().min(2).max(16),
  name: z.string().max(256).nullish(),
  description: z.string().max(2000).nullish(),
});

/** POST/PUT `/api/account/customfields`: creates the custom field, or replaces the one with that id. */
export const customFieldInput = z.looseObject({
  id: customFieldId,
  value: z.string().max(4000).nullish(),
  required: z.boolean().nullish(),
  translations: z.array(translation).max(50).nullish(),
});
export type CustomFieldInput = z.infer<typeof customFieldInput>;

/** POST/PUT `/api/user/customfields`: the caller's own value of one of the account's custom fields. */
export const userCustomFieldInput = z.looseObject({
  id: customFieldId,
  value: z.string().max(4000).nullish().transform((value) => value ?? ""),
});

/** `GET /api/account/customfields?dir=&from=&to=`: one page of the account's custom fields by id. */
export const customFieldListQuery = z.object({
  dir: z
    .string()
    .transform((dir) => (dir.toLowerCase().startsWith("desc") ? "desc" : "asc"))
    .default("asc"),
  // The SDKs ask for "all" as from=0&to=-2: a from below 1 starts at the first, a to below 1 means a full page.
  from: z.coerce.number().int().default(1).transform((from) => Math.max(1, from)),
  to: z.coerce
    .number()
    .int()
    .optional()
    .transform((to) => (to === undefined || to >= 1 ? to : "all" as const)),
});
export type CustomFieldListQuery = z.infer<typeof customFieldListQuery>;

const wireTranslation = z.object({ language: z.string(), name: z.string(), description: z.string() });

export const wireCustomField = z.object({
  id: z.string(),
  name: z.string().describe("The name in the first translation (English when there is one), else the id"),
  value: z.string().describe("The default value: what a signer without a value of their own gets"),
  required: z.boolean(),
  translations: z.array(wireTranslation),
  data: z.record(z.string(), z.unknown()),
});
export type WireCustomField = z.infer<typeof wireCustomField>;

export const wireUserCustomField = z.object({
  id: z.string(),
  name: z.string(),
  value: z.string(),
  translations: z.array(wireTranslation),
  data: z.record(z.string(), z.unknown()),
});
export type WireUserCustomField = z.infer<typeof wireUserCustomField>;
