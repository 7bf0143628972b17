import type { Queryable } from "@/lib/db/client";
import type { Caller } from "@/lib/esign/accounts/caller";
import { findDocument } from "@/lib/esign/documents/document-changes";
import { findPackage } from "@/lib/esign/packages/find-package";
import { blobStore } from "@/lib/esign/storage/blob-store";
import { originalBytes, pdfFileName, responseBytes, storedBlob, type SizedDownloadFile } from "./document-file";

/** GET .../documents/{documentId}/original: the upload, byte for byte, streamed from the store. */
export async function downloadOriginal(db: Queryable, caller: Caller, packageId: string, documentId: string): Promise<SizedDownloadFile> {
  const pkg = await findPackage(db, caller, packageId);
  const document = await findDocument(db, pkg.id, documentId);
  const file = { fileName: pdfFileName(document), contentType: "application/pdf" };
  const store = await blobStore();
  if (document.blobSha256) return { ...file, ...(await storedBlob(store, document.blobSha256, document)) };
  const bytes = await originalBytes(store, document); // the built-in consent document, else 410
  return { ...file, body: responseBytes(bytes), size: bytes.byteLength };
}
