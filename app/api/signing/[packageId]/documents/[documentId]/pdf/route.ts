import { findDocument } from "@/lib/esign/documents/document-changes";
import { ceremonyPdf, pdfFileName } from "@/lib/esign/downloads/document-file";
import { blobStore } from "@/lib/esign/storage/blob-store";
import { rangedDownload } from "@/lib/http/byte-ranges";
import { signerRoute } from "@/lib/http/signer-route";

/**
 * The document's PDF for the ceremony to render (the consent document's is built in). It answers
 * byte ranges: pdf.js reads the end of the file (the cross-reference) and the parts of the pages
 * it draws, so the first page of a long document shows without the whole file.
 */
export const GET = signerRoute<{ packageId: string; documentId: string }>(async ({ request, tx, context, params }) => {
  const document = await findDocument(tx, context.pkg.id, params.documentId);
  const file = await ceremonyPdf(await blobStore(), document);
  return rangedDownload(request, file, pdfFileName(document), "application/pdf", { "cache-control": "private, max-age=300" });
});
