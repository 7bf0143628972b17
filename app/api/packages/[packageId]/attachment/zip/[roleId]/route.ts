import { downloadAttachmentsZip } from "@/lib/esign/signing/attachments/download-attachments-zip";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { download } from "@/lib/http/responses";
import { errorBody, ok, filesPurged, zip } from "@/lib/api/openapi/operation";

/** One role's uploads in one zip, a folder per requirement. */
export const GET = apiRoute({
  params: ["packageId", "roleId"],
  tag: "Signer attachments",
  summary: "One role's uploads in one zip (a folder per requirement)",
  permission: PERMISSIONS.transaction,
  responses: { 200: zip, 404: ok(errorBody, "No such role, or nothing uploaded by it yet"), 410: filesPurged },
}, async ({ db, caller, params }) => {
  const file = await downloadAttachmentsZip(db, caller, params.packageId, params.roleId);
  return download(file.body, file.fileName, file.contentType);
});

export * from "@/lib/http/method-not-allowed";
