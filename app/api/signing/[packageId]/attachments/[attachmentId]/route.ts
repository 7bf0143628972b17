import { uploadSignerAttachment } from "@/lib/esign/signing/attachments/upload-signer-attachment";
import { signingSessionOf } from "@/lib/esign/signing/session";
import { publicRoute } from "@/lib/http/api-handler";
import { readAttachmentUpload } from "@/lib/http/attachment-upload";

type Params = { packageId: string; attachmentId: string };

/**
 * The signer uploads a file for one of their attachment requirements (multipart, part `file`).
 * Not `signerRoute`: the body is read before the transaction opens, so a slow upload holds no lock.
 */
export const POST = publicRoute<Params>(async ({ request, params, db }) => {
  const session = await signingSessionOf(request, params.packageId, "multipart");
  const upload = await readAttachmentUpload(request);
  return uploadSignerAttachment(db, session, params.attachmentId, upload);
});
