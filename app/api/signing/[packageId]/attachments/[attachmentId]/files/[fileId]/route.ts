import { deleteSignerAttachmentFile } from "@/lib/esign/signing/attachments/delete-signer-attachment-file";
import { signingSessionOf } from "@/lib/esign/signing/session";
import { publicRoute } from "@/lib/http/api-handler";

type Params = { packageId: string; attachmentId: string; fileId: string };

/** The signer removes a file they uploaded (the bytes are removed after the transaction commits, hence not `signerRoute`). */
export const DELETE = publicRoute<Params>(async ({ request, params, db }) => {
  const session = await signingSessionOf(request, params.packageId);
  return deleteSignerAttachmentFile(db, session, params.attachmentId, params.fileId);
});
