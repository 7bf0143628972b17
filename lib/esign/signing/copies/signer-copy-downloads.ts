import type { Queryable } from "@/lib/db/client";
import { documentPdf, pdfFileName, type DownloadFile, type SizedDownloadFile } from "@/lib/esign/downloads/document-file";
import { completedPackageZip } from "@/lib/esign/downloads/download-documents-zip";
import { documentNotFound } from "@/lib/esign/documents/document-changes";
import { blobStore } from "@/lib/esign/storage/blob-store";
import { findSignerCopy } from "./find-signer-copy";

/** What the signer's copy page lists: the package and its sealed documents, and until when the link works. */
export async function signerCopyView(db: Queryable, token: string) {
  const copy = await findSignerCopy(db, token);
  return {
    package: { id: copy.pkg.id, name: copy.pkg.name, completed: copy.pkg.completed },
    availableUntil: copy.availableUntil,
    documents: copy.documents.map((document) => ({ id: document.id, name: pdfFileName(document) })),
  };
}

/** `GET /api/signerCopies/{token}/zip`: the sealed documents in one zip, the very zip the sender downloads. */
export async function signerCopyZip(db: Queryable, token: string): Promise<DownloadFile> {
  const copy = await findSignerCopy(db, token);
  return completedPackageZip(db, copy.pkg);
}

/** `GET /api/signerCopies/{token}/documents/{documentId}/pdf`: one sealed document. */
export async function signerCopyPdf(db: Queryable, token: string, documentId: string): Promise<SizedDownloadFile> {
  const copy = await findSignerCopy(db, token);
  const document = copy.documents.find((candidate) => candidate.id === documentId);
  if (!document) throw documentNotFound(documentId);
  const { body, size } = await documentPdf(await blobStore(), copy.pkg, document);
  return { fileName: pdfFileName(document), contentType: "application/pdf", body, size };
}
