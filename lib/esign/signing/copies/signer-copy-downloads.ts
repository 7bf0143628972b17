import { and, eq } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import { roles } from "@/lib/db/schema";
import { resolveLocale } from "@/lib/i18n/locales";
import { documentPdf, pdfFileName, type DownloadFile, type SizedDownloadFile } from "@/lib/esign/downloads/document-file";
import { completedPackageZip } from "@/lib/esign/downloads/download-documents-zip";
import { documentNotFound } from "@/lib/esign/documents/document-changes";
import { blobStore } from "@/lib/esign/storage/blob-store";
import { findSignerCopy } from "./find-signer-copy";

/** What the signer's copy page lists: the package and its sealed documents, and until when the link works. */
export async function signerCopyView(db: Queryable, token: string) {
  const copy = await findSignerCopy(db, token);
  const [role] = await db.select({ signer: roles.signer }).from(roles).where(and(eq(roles.packageId, copy.pkg.id), eq(roles.id, copy.roleId)));
  const signerLanguage = role?.signer?.language;
  return {
    // The page's language, as the ceremony's: the signer's, else the package's.
    language: resolveLocale(typeof signerLanguage === "string" ? signerLanguage : null, copy.pkg.language),
    package: { id: copy.pkg.id, name: copy.pkg.name, completed: copy.pkg.completed },
    availableUntil: copy.availableUntil,
    documents: copy.documents.map((document) => ({ id: document.id, name: pdfFileName(document) })),
  };
}

/**
 * `GET /api/signerCopies/{token}/zip`: the sealed documents in one zip, the very zip the sender
 * downloads — but for the documents hidden from the signer (document visibility), and then without
 * the certificate of completion, which names every document.
 */
export async function signerCopyZip(db: Queryable, token: string): Promise<DownloadFile> {
  const copy = await findSignerCopy(db, token);
  if (!copy.hidesDocuments) return completedPackageZip(db, copy.pkg);
  return completedPackageZip(db, copy.pkg, { documentIds: new Set(copy.documents.map((document) => document.id)), certificate: false });
}

/** `GET /api/signerCopies/{token}/documents/{documentId}/pdf`: one sealed document. */
export async function signerCopyPdf(db: Queryable, token: string, documentId: string): Promise<SizedDownloadFile> {
  const copy = await findSignerCopy(db, token);
  const document = copy.documents.find((candidate) => candidate.id === documentId);
  if (!document) throw documentNotFound(documentId);
  const { body, size } = await documentPdf(await blobStore(), copy.pkg, document);
  return { fileName: pdfFileName(document), contentType: "application/pdf", body, size };
}
