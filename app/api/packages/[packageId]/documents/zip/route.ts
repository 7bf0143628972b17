import { downloadDocumentsZip } from "@/lib/esign/downloads/download-documents-zip";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { download } from "@/lib/http/responses";

type Params = { packageId: string };

/** Every signed document of a completed package and its certificate of completion in one zip, streamed while it is built (spec 4.3). */
export const GET = apiRoute<Params>({ tag: "Downloads", summary: "Every signed document of a completed package, and its certificate of completion", description: "409 (`error.conflict.documentNotSealed`, with Retry-After) while a document's seal is not stored yet: the zip holds sealed documents only.", permission: PERMISSIONS.transaction, responses: { 200: { description: "A zip archive", contentType: "application/zip" } } }, async ({ db, caller, params }) => {
  const file = await downloadDocumentsZip(db, caller, params.packageId);
  return download(file.body, file.fileName, file.contentType);
});

export * from "@/lib/http/method-not-allowed";
