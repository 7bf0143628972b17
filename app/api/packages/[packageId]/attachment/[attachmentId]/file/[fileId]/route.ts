import { PERMISSIONS } from "@/lib/esign/permissions";
import { deleteAttachmentFile } from "@/lib/esign/signing/attachments/delete-attachment-file";
import { deleteSignerAttachmentFile } from "@/lib/esign/signing/attachments/delete-signer-attachment-file";
import { downloadAttachmentFile } from "@/lib/esign/signing/attachments/download-attachment-file";
import { actsAsSigner, signingSessionOf } from "@/lib/esign/signing/session";
import { apiRoute, publicRoute } from "@/lib/http/api-handler";
import { download, noContent } from "@/lib/http/responses";

type Params = { packageId: string; attachmentId: string; fileId: string };
const permission = { permission: PERMISSIONS.transaction };

/** One file a signer uploaded, byte for byte. */
export const GET = apiRoute<Params>(permission, async ({ db, caller, params }) => {
  const file = await downloadAttachmentFile(db, caller, params.packageId, params.attachmentId, params.fileId);
  return download(file.body, file.fileName, file.contentType, { "content-length": String(file.size) });
});

/** The sender removes a file a signer uploaded, while the package is out for signing. */
const senderDelete = apiRoute<Params>(permission, async ({ db, caller, params }) => {
  await deleteAttachmentFile(db, caller, params.packageId, params.attachmentId, params.fileId);
  return noContent();
});

/** The signer removes their own file, with the session cookie the SDKs send (see the POST beside this). */
const signerDelete = publicRoute<Params>(async ({ request, params, db }) => {
  const session = await signingSessionOf(request, params.packageId);
  return deleteSignerAttachmentFile(db, session, params.attachmentId, params.fileId);
});

export async function DELETE(request: Request, context: { params: Promise<Params> }): Promise<Response> {
  return actsAsSigner(request) ? signerDelete(request, context) : senderDelete(request, context);
}
