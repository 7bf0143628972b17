import { z } from "zod";
import { wireCustomField } from "./custom-fields";
import { optional } from "./wire";
import { TIMEZONE_ABBREVIATIONS } from "./wire-values";

export { TIMEZONE_ABBREVIATIONS };

/**
 * The wire contract of sub accounts (spec 2.6 and 4.4, compat notes "Account resources").
 * Partial bodies, unknown members ignored, explicit nulls mean "not set".
 */

const abbreviations = new Set<string>(TIMEZONE_ABBREVIATIONS);

/**
 * A region/city identifier of the IANA database (`Europe/Paris`, and its aliases such as
 * `Asia/Kolkata`, which `Intl.supportedValuesOf` does not list on every Node version) or one of
 * the abbreviations above.
 */
export function isTimeZoneId(value: string): boolean {
  if (abbreviations.has(value)) return true;
  if (!/^[A-Za-z]+(\/[A-Za-z0-9_+-]+)+$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat("en", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const accountName = z
  .string({ error: (issue) => (issue.input === undefined || issue.input === null ? "is required" : "must be a string") })
  .trim()
  .min(1, "is required")
  .max(200, "must be at most 200 characters");

const timezoneId = z
  .string()
  .trim()
  .refine(isTimeZoneId, "must be a time zone identifier such as Europe/Paris, or an abbreviation such as GMT, UTC or EST");

/** `en`, `fr`, `zh-CN` (also `zh_cn`): stored as a lower-case language and an upper-case region. */
const language = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2}([-_][A-Za-z]{2})?$/, "must be a two-letter language code, optionally with a region (en, fr, zh-CN)")
  .transform((value) => {
    const [code, region] = value.split(/[-_]/);
    return region ? `${code.toLowerCase()}-${region.toUpperCase()}` : code.toLowerCase();
  });

/** An empty `parentAccountId` means "not set", like a missing one. */
const parentAccountId = z
  .string()
  .trim()
  .max(64)
  .nullish()
  .transform((value) => value || undefined);

/** `POST /api/account/subaccounts`: the parent defaults to the caller's account. */
export const createSubAccountRequest = z.object({
  parentAccountId,
  name: accountName,
  timezoneId: optional(timezoneId),
  language: optional(language),
});
export type CreateSubAccountRequest = z.infer<typeof createSubAccountRequest>;

/**
 * `PUT /api/account/subaccounts/{accountId}`: what is absent stays as it is. A sub account cannot
 * move: a `parentAccountId` other than its own parent is refused.
 */
export const updateSubAccountRequest = z.object({
  parentAccountId,
  name: optional(accountName),
  timezoneId: optional(timezoneId),
  language: optional(language),
});
export type UpdateSubAccountRequest = z.infer<typeof updateSubAccountRequest>;

/** The Account as POST, PUT and the list answer it; `parentAccountId` is absent for a top-level account. */
/** An account as the original's Account (see readAccounts). */
export const subAccountResponse = z.object({
  id: z.string(),
  name: z.string(),
  parentAccountId: z.string().optional(),
  timezoneId: z.string(),
  language: z.string(),
  company: z.object({ id: z.string(), name: z.string() }),
  customFields: z.array(wireCustomField),
  licenses: z.array(z.unknown()).describe("Always empty: Signet sells no licences"),
  owner: z.string().describe("The account owner's user id"),
  created: z.string(),
  updated: z.string(),
});
export type SubAccountResponse = z.infer<typeof subAccountResponse>;
export type WireAccount = SubAccountResponse;

/** `GET /api/account/subaccounts`: a bare array (compat notes exception). */
export const subAccountListResponse = z.array(subAccountResponse);
export type SubAccountListResponse = z.infer<typeof subAccountListResponse>;

/** `GET /api/account/accessibleaccounts`: a bare array. */
export const accessibleAccountsResponse = z.array(z.object({ accountUid: z.string(), accountName: z.string() }));
export type AccessibleAccountsResponse = z.infer<typeof accessibleAccountsResponse>;

/** `GET /api/account/subaccountApiKeys`: a bare array. */
export const subAccountApiKeysResponse = z.array(z.object({ accountUid: z.string(), accountName: z.string(), apiKey: z.string() }));
export type SubAccountApiKeysResponse = z.infer<typeof subAccountApiKeysResponse>;
