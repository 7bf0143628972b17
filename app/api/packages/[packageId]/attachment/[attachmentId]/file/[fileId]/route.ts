import { deleteAttachmentFile } from "@/lib/esign/signing/attachments/delete-attachment-file";
import { downloadAttachmentFile } from "@/lib/esign/signing/attachments/download-attachment-file";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { download, noContent } from "@/lib/http/responses";

type Params = { packageId: string; attachmentId: string; fileId: string };
const permission = { permission: PERMISSIONS.transaction };

/** One file a signer uploaded, byte for byte. */
export const GET = apiRoute<Params>(permission, async ({ db, caller, params }) => {
  const file = await downloadAttachmentFile(db, caller, params.packageId, params.attachmentId, params.fileId);
  return download(file.body, file.fileName, file.contentType, { "content-length": String(file.size) });
});

/** The sender removes a file a signer uploaded, while the package is out for signing. */
export const DELETE = apiRoute<Params>(permission, async ({ db, caller, params }) => {
  await deleteAttachmentFile(db, caller, params.packageId, params.attachmentId, params.fileId);
  return noContent();
});
