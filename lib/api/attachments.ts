import { z } from "zod";
import { ATTACHMENT_STATUSES } from "./packages";

/** Signer attachments (OneSpan's PACKAGE_ATTACHMENT): what the ceremony shows, and the sender's download checks. */

/** One of the signer's attachment requirements in the ceremony, with the files uploaded so far. */
export const ceremonyAttachmentRequirement = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  required: z.boolean().describe("The signer cannot finish before uploading at least one file"),
  status: z.enum(ATTACHMENT_STATUSES),
  /** The sender accepted the files: they can no longer change. */
  accepted: z.boolean(),
  comment: z.string(),
  files: z.array(z.object({ id: z.string(), name: z.string(), size: z.number().int().describe("Bytes") })),
});
export type CeremonyAttachmentRequirement = z.infer<typeof ceremonyAttachmentRequirement>;

/** The `.../exists` checks of the sender's attachment downloads (OneSpan's AttachmentAvailability). */
export const attachmentAvailability = z.object({ exists: z.boolean().describe("Whether a stored file is there to download") });

/**
 * One uploaded file's checks, `GET /api/packages/{packageId}/attachment/verifications` (the
 * original's AttachmentVerificationResult). Signet runs no classification nor data extraction
 * (both null); it checks what it can truthfully: the file's kind read from its first bytes against
 * its extension (`typeMatch`), its size, its SHA-256 recomputed from the stored bytes against the
 * one recorded at upload (`intact`), and a PDF's page count.
 */
export const attachmentVerificationResult = z.object({
  attachmentUuid: z.string().describe("The attachment requirement's id"),
  fileName: z.string(),
  extension: z.string().describe("The file name's extension, lower case, without the dot; empty for none"),
  typeMatch: z.boolean().describe("The content is of the kind the extension says (read from its first bytes)"),
  classificationResult: z.null().describe("The original's document classification: Signet runs none"),
  extractionResult: z.null().describe("The original's data extraction: Signet runs none"),
  fileId: z.string().describe("Our extension from here on: the file's id"),
  roleId: z.string(),
  attachmentName: z.string(),
  contentType: z.string().describe("As the signer's browser declared it"),
  detectedType: z.string().nullable().describe("The kind read from the content (pdf, png, jpeg, gif, tiff, bmp, webp, heic, zip, ole, text), null when unknown"),
  size: z.number().int(),
  sha256: z.string().nullable(),
  intact: z.boolean().describe("The stored bytes are there and hash to the SHA-256 recorded at upload"),
  pageCount: z.number().int().nullable().describe("For a PDF that opens, its pages"),
  uploaded: z.string(),
});
export type AttachmentVerificationResult = z.infer<typeof attachmentVerificationResult>;
