import { findDocument } from "@/lib/esign/documents/document-changes";
import { originalBytes, pdfFileName, responseBytes, storedBlob } from "@/lib/esign/downloads/document-file";
import { blobStore } from "@/lib/esign/storage/blob-store";
import { download } from "@/lib/http/responses";
import { signerRoute } from "@/lib/http/signer-route";

/** The document's PDF for the ceremony to render, streamed (the consent document's is built in). */
export const GET = signerRoute<{ packageId: string; documentId: string }>(async ({ tx, context, params }) => {
  const document = await findDocument(tx, context.pkg.id, params.documentId);
  const store = await blobStore();
  const file = document.blobSha256 ? await storedBlob(store, document.blobSha256, document) : await (async () => {
    const bytes = await originalBytes(store, document);
    return { body: responseBytes(bytes), size: bytes.byteLength };
  })();
  return download(file.body, pdfFileName(document), "application/pdf", { "content-length": String(file.size), "cache-control": "private, max-age=300" });
});
