import { downloadAttachmentsZip } from "@/lib/esign/signing/attachments/download-attachments-zip";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { download } from "@/lib/http/responses";
import { errorBody, ok, filesPurged, zip } from "@/lib/api/openapi/operation";

/** Every signer's uploads in one zip: a folder per role, then per requirement. */
export const GET = apiRoute({
  params: ["packageId"],
  tag: "Signer attachments",
  summary: "Every signer's uploads in one zip (a folder per role, then per requirement)",
  permission: PERMISSIONS.transaction,
  responses: { 200: zip, 404: ok(errorBody, "Nothing uploaded yet"), 410: filesPurged },
}, async ({ db, caller, params }) => {
  const file = await downloadAttachmentsZip(db, caller, params.packageId);
  return download(file.body, file.fileName, file.contentType);
});

export * from "@/lib/http/method-not-allowed";
