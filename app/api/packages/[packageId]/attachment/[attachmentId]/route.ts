import { downloadAttachment } from "@/lib/esign/signing/attachments/download-attachment";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { download } from "@/lib/http/responses";

type Params = { packageId: string; attachmentId: string };

/** What the signer uploaded for the requirement: the file, or a zip of them when there are several. */
export const GET = apiRoute<Params>({ permission: PERMISSIONS.transaction }, async ({ db, caller, params }) => {
  const file = await downloadAttachment(db, caller, params.packageId, params.attachmentId);
  return download(file.body, file.fileName, file.contentType, "size" in file ? { "content-length": String(file.size) } : {});
});
