import { z } from "zod";
import { optional } from "./wire";

/**
 * `POST /api/packages/{packageId}/documents/signed_documents`, the original's SignedDocuments: the
 * documents to sign (the SDKs send every document of the package, their approvals emptied; only
 * the ids count here) and `handdrawn`, the hand-drawn signature for capture approvals.
 */
export const signedDocumentsRequest = z.object({
  documents: optional(z.array(z.looseObject({ id: z.string().min(1).max(256) })).max(500)),
  handdrawn: optional(z.string().max(700_000)).describe(
    "A PNG (data URL or base64) drawn for capture approvals; anything else (the original's own stroke encoding, or empty) signs them with the signer's name",
  ),
});
export type SignedDocumentsRequest = z.infer<typeof signedDocumentsRequest>;

export const signedDocumentsResult = z.object({
  packageId: z.string(),
  roleId: z.string().describe("The role whose approvals were signed"),
  signedDocuments: z.array(z.string()).describe("The ids of the documents signed, in the order they were signed"),
  roleCompleted: z.boolean().describe("Whether the role has now finished signing (SIGNER_COMPLETE)"),
  packageStatus: z.string().describe("The package's status afterwards: COMPLETED when this was the last signature"),
});
export type SignedDocumentsResult = z.infer<typeof signedDocumentsResult>;
