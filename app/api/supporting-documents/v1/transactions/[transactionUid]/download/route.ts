import { zipSupportingDocuments } from "@/lib/esign/supporting-documents/supporting-documents";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { download } from "@/lib/http/responses";

/** Every supporting document of the package in one zip. */
export const GET = apiRoute({ params: ["transactionUid"], tag: "Supporting documents", summary: "Every supporting document in one zip", permission: PERMISSIONS.transaction, responses: { 200: { description: "A zip archive", contentType: "application/zip" } } }, async ({ db, caller, params }) => {
  const file = await zipSupportingDocuments(db, caller, params.transactionUid);
  return download(file.body, file.fileName, file.contentType);
});

export * from "@/lib/http/method-not-allowed";
