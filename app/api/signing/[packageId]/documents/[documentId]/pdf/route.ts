import { findDocument } from "@/lib/esign/documents/document-changes";
import { assertDocumentVisible } from "@/lib/esign/documents/document-visibility";
import { ceremonyPdf, pdfFileName } from "@/lib/esign/downloads/document-file";
import { blobStore } from "@/lib/esign/storage/blob-store";
import { rangedDownload } from "@/lib/http/byte-ranges";
import { signerRoute } from "@/lib/http/signer-route";
import { CEREMONY_AUTHENTICATION, errorBody, noCeremonySession, ok, pdf } from "@/lib/api/openapi/operation";

/**
 * The document's PDF for the ceremony to render (the consent document's is built in). It answers
 * byte ranges: pdf.js reads the end of the file (the cross-reference) and the parts of the pages
 * it draws, so the first page of a long document shows without the whole file.
 */
export const GET = signerRoute({
  params: ["packageId", "documentId"],
  tag: "Signing ceremony",
  summary: "The document's PDF, for the ceremony to render",
  description: `${CEREMONY_AUTHENTICATION} Answers one byte range (\`Range: bytes=…\`, \`If-Range\` with the ETag) with 206 and \`Content-Range\`, so a viewer reads only the parts of a long document it draws; several ranges get the whole file.`,
  responses: {
    200: pdf,
    206: { description: "The part of the PDF the Range asked for (Content-Range says which, and the file's size)", contentType: "application/pdf" },
    304: { description: "Not modified: If-None-Match names this version (the ETag)" },
    401: noCeremonySession,
    404: ok(errorBody, "No such document, or one hidden from this signer (document visibility)"),
    416: ok(errorBody, "A malformed range, or one starting past the end of the file (Content-Range: bytes */size)"),
  },
}, async ({ request, tx, context, params }) => {
  const document = await findDocument(tx, context.pkg.id, params.documentId);
  await assertDocumentVisible(tx, context.pkg, context.role, document.id);
  const file = await ceremonyPdf(await blobStore(), document);
  return rangedDownload(request, file, pdfFileName(document), "application/pdf", { "cache-control": "private, max-age=300" });
});

export * from "@/lib/http/method-not-allowed";
