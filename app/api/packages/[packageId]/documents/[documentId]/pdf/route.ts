import { downloadDocumentPdf } from "@/lib/esign/downloads/download-document-pdf";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { download } from "@/lib/http/responses";
import { pdf } from "@/lib/api/openapi/operation";

/** The document flattened before completion, sealed after (spec 4.3); 409 with Retry-After between the two. */
export const GET = apiRoute({ params: ["packageId", "documentId"], tag: "Downloads", summary: "The document: flattened before completion, sealed after", description: "Once the package is complete, 409 (`error.conflict.documentNotSealed`, with Retry-After) until the document's seal is stored, never the unsealed file.", permission: PERMISSIONS.transaction, responses: { 200: pdf } }, async ({ db, caller, params }) => {
  const file = await downloadDocumentPdf(db, caller, params.packageId, params.documentId);
  return download(file.body, file.fileName, file.contentType, { "content-length": String(file.size) });
});

export * from "@/lib/http/method-not-allowed";
