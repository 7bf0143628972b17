import { downloadAttachmentsZip } from "@/lib/esign/signing/attachments/download-attachments-zip";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { download } from "@/lib/http/responses";

type Params = { packageId: string };

/** Every signer's uploads in one zip: a folder per role, then per requirement. */
export const GET = apiRoute<Params>({ permission: PERMISSIONS.transaction }, async ({ db, caller, params }) => {
  const file = await downloadAttachmentsZip(db, caller, params.packageId);
  return download(file.body, file.fileName, file.contentType);
});
