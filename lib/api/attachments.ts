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
  comment: z.string(),
  files: z.array(z.object({ id: z.string(), name: z.string(), size: z.number().int().describe("Bytes") })),
});
export type CeremonyAttachmentRequirement = z.infer<typeof ceremonyAttachmentRequirement>;

/** The `.../exists` checks of the sender's attachment downloads (OneSpan's AttachmentAvailability). */
export const attachmentAvailability = z.object({ exists: z.boolean().describe("Whether a stored file is there to download") });
