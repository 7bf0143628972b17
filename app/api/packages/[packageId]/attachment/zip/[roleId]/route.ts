import { downloadAttachmentsZip } from "@/lib/esign/signing/attachments/download-attachments-zip";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { download } from "@/lib/http/responses";

type Params = { packageId: string; roleId: string };

/** One role's uploads in one zip, a folder per requirement. */
export const GET = apiRoute<Params>({ permission: PERMISSIONS.transaction }, async ({ db, caller, params }) => {
  const file = await downloadAttachmentsZip(db, caller, params.packageId, params.roleId);
  return download(file.body, file.fileName, file.contentType);
});
