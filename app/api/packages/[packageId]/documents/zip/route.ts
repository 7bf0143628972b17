import { downloadDocumentsZip } from "@/lib/esign/downloads/download-documents-zip";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { download } from "@/lib/http/responses";

/** The package's documents in one zip, streamed while it is built (spec 4.3): signed, with the certificate of completion, once completed. */
export const GET = apiRoute({ params: ["packageId"], tag: "Downloads", summary: "The package's documents in one zip: once completed, every signed document and its certificate of completion", description: "A completed package: its sealed documents and certificate; 409 (`error.conflict.documentNotSealed`, with Retry-After) while a document's seal is not stored yet. A package not completed yet: each document as `…/pdf` answers it now, no certificate; 409 `error.conflict.packageNotComplete` when its `settings.ceremony.disableDownloadForUncompletedPackage` is true.", permission: PERMISSIONS.transaction, responses: { 200: { description: "A zip archive", contentType: "application/zip" } } }, async ({ db, caller, params }) => {
  const file = await downloadDocumentsZip(db, caller, params.packageId);
  return download(file.body, file.fileName, file.contentType);
});

export * from "@/lib/http/method-not-allowed";
