import type { Queryable } from "@/lib/db/client";
import type { Caller } from "@/lib/esign/accounts/caller";
import { findDocument } from "@/lib/esign/documents/document-changes";
import { findPackage } from "@/lib/esign/packages/find-package";
import { blobStore } from "@/lib/esign/storage/blob-store";
import { documentPdf, pdfFileName, type SizedDownloadFile } from "./document-file";

/**
 * GET .../documents/{documentId}/pdf: before completion the flattened document (no pending
 * signatures or fields), once completed the sealed one (409 with Retry-After until its seal is stored).
 */
export async function downloadDocumentPdf(db: Queryable, caller: Caller, packageId: string, documentId: string): Promise<SizedDownloadFile> {
  const pkg = await findPackage(db, caller, packageId);
  const document = await findDocument(db, pkg.id, documentId);
  const { body, size } = await documentPdf(await blobStore(), pkg, document);
  return { fileName: pdfFileName(document), contentType: "application/pdf", body, size };
}
