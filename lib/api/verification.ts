import { z } from "zod";

/**
 * The wire contract of signer verification (spec 2.5 and 4.1, compat notes "Account resources"):
 * the verification types of an account, our extension to activate them, and the verification
 * attached to a package's role.
 */

export const MAX_VERIFICATION_PAYLOAD = 10_000;

/** One type as `GET /api/account/{accountId}/verificationTypes` lists it. */
export const wireVerificationType = z.object({
  id: z.string(),
  name: z.string(),
  /** The family: `PKI`, `BANK_ID`, `GOV_ID`, `PAYMENT`, `MOBILE_ID` or `EMAIL_OTP`. */
  method: z.string(),
});
export type WireVerificationType = z.infer<typeof wireVerificationType>;

/** `GET /api/account/{accountId}/verificationTypes`: the types activated for the account. */
export const verificationTypesResponse = z.object({
  results: z.array(wireVerificationType),
  count: z.number().int(),
});
export type VerificationTypesResponse = z.infer<typeof verificationTypesResponse>;

/** Our extension: one entry of the whole catalogue, with whether the caller's account activated it. */
export const verificationTypeCatalogueEntry = wireVerificationType.extend({
  activated: z.boolean(),
  /** Verified by a third party; Signet configures no such provider by itself. */
  needsExternalProvider: z.boolean(),
  /** Always activated; cannot be deactivated. */
  builtIn: z.boolean(),
});
export type VerificationTypeCatalogueEntry = z.infer<typeof verificationTypeCatalogueEntry>;

/** `GET /api/account/verificationTypes` (our extension). */
export const verificationTypeCatalogueResponse = z.object({
  results: z.array(verificationTypeCatalogueEntry),
  count: z.number().int(),
});
export type VerificationTypeCatalogueResponse = z.infer<typeof verificationTypeCatalogueResponse>;

/** `PUT /api/account/verificationTypes/{typeId}` (our extension) answers the entry; it takes no body. */
export type ActivateVerificationTypeResponse = VerificationTypeCatalogueEntry;

/** `POST|PUT /api/packages/{packageId}/roles/{roleId}/verification`. */
export const roleVerificationRequest = z.object({
  typeId: z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? "is required" : "must be a string") })
    .trim()
    .min(1, "is required"),
  /** Type-specific data; may be empty, and missing or null reads as "". */
  payload: z
    .string("must be a string")
    .max(MAX_VERIFICATION_PAYLOAD, `must be at most ${MAX_VERIFICATION_PAYLOAD} characters`)
    .nullish()
    .transform((value) => value ?? ""),
});
export type RoleVerificationRequest = z.infer<typeof roleVerificationRequest>;

/** What GET, POST and PUT of a role's verification answer (GET: 204 when there is none). */
export const roleVerificationResponse = z.object({
  typeId: z.string(),
  payload: z.string(),
});
export type RoleVerificationResponse = z.infer<typeof roleVerificationResponse>;
