import { z } from "zod";
import { optional } from "./wire";

/**
 * The wire contract of the ways into the signing ceremony (compat notes "Packages"): signer
 * authentication tokens, a role's signing URL, and a package's signing status.
 */

const requiredId = (what: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? `is required (${what})` : "must be a string") })
    .trim()
    .min(1, `is required (${what})`)
    .max(256);

/** `POST /api/authenticationTokens/signer/{multiUse|singleUse}`; the SDKs also send `sessionFields`, which we ignore. */
export const signerAuthenticationTokenRequest = z.object({
  packageId: requiredId("the package id"),
  /** The role's id (or its signer's id, which is the role id unless the client chose another). */
  signerId: requiredId("the role id of the signer"),
});
export type SignerAuthenticationTokenRequest = z.infer<typeof signerAuthenticationTokenRequest>;

export const signerAuthenticationTokenResponse = z.object({
  packageId: z.string(),
  signerId: z.string(),
  /** The token, redeemed at `/access?sessionToken=<value>`. */
  value: z.string(),
});
export type SignerAuthenticationTokenResponse = z.infer<typeof signerAuthenticationTokenResponse>;

/** `POST /api/authenticationTokens/sender` (OneSpan's SenderAuthenticationToken): the designer of a DRAFT, or the in-person hosting of a SENT package. */
export const senderAuthenticationTokenRequest = z.object({ packageId: requiredId("the package id") });
export type SenderAuthenticationTokenRequest = z.infer<typeof senderAuthenticationTokenRequest>;

export const senderAuthenticationTokenResponse = z.object({
  packageId: z.string(),
  /** The token, redeemed once within 30 minutes: `/auth?senderAuthenticationToken=<value>` (a draft's designer) or `/access?…` (hosting). */
  value: z.string(),
});
export type SenderAuthenticationTokenResponse = z.infer<typeof senderAuthenticationTokenResponse>;

/** `GET /api/packages/{packageId}/roles/{roleId}/signingUrl`. */
export const signingUrlResponse = z.object({
  packageId: z.string(),
  roleId: z.string(),
  url: z.string(),
});
export type SigningUrlResponse = z.infer<typeof signingUrlResponse>;

export const SIGNING_STATUSES = [
  "DRAFT",
  "SIGNING_PENDING",
  "SIGNING_COMPLETED",
  "COMPLETED",
  "ARCHIVED",
  "DECLINED",
  "OPTED_OUT",
  "EXPIRED",
  "DELETED",
] as const;
export type SigningStatus = (typeof SIGNING_STATUSES)[number];

/** `GET /api/packages/{packageId}/signingStatus?signer=&document=`: both filters optional. */
export const signingStatusQuery = z.object({
  // Empty means not given: the Java SDK sends `?signer=&document=` for the whole package.
  signer: optional(z.string().trim().max(256).transform((value) => value || undefined)).describe("A role id: whether this signer has finished"),
  document: optional(z.string().trim().max(256).transform((value) => value || undefined)).describe("A document id: whether it is signed (by `signer` when given)"),
});
export type SigningStatusQuery = z.infer<typeof signingStatusQuery>;

export const signingStatusResponse = z.object({ status: z.enum(SIGNING_STATUSES) });
export type SigningStatusResponse = z.infer<typeof signingStatusResponse>;
