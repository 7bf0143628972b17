import { downloadOriginal } from "@/lib/esign/downloads/download-original";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { download } from "@/lib/http/responses";
import { pdf } from "@/lib/api/openapi/operation";

/** The document as uploaded, byte for byte (spec 4.3). */
export const GET = apiRoute({ params: ["packageId", "documentId"], tag: "Downloads", summary: "The original upload, byte for byte", permission: PERMISSIONS.transaction, responses: { 200: pdf } }, async ({ db, caller, params }) => {
  const file = await downloadOriginal(db, caller, params.packageId, params.documentId);
  return download(file.body, file.fileName, file.contentType, { "content-length": String(file.size) });
});

export * from "@/lib/http/method-not-allowed";
