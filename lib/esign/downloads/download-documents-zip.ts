import { Readable } from "node:stream";
import type { ReadableStream as NodeWebReadableStream } from "node:stream/web";
import type { Queryable } from "@/lib/db/client";
import type { Caller } from "@/lib/esign/accounts/caller";
import { now } from "@/lib/esign/clock";
import { CONSENT_DOCUMENT_ID } from "@/lib/esign/documents/consent-document-id";
import { ceremonySettingsOf } from "@/lib/api/package-settings";
import { conflict } from "@/lib/esign/errors";
import { findPackage, type PackageRow } from "@/lib/esign/packages/find-package";
import { isComplete } from "@/lib/esign/packages/package-status";
import { blobStore, type BlobStore } from "@/lib/esign/storage/blob-store";
import {
  awaitsSeal,
  documentPdf,
  documentPurged,
  notSealedYetOrPurged,
  packageDocuments,
  pdfFileName,
  safeFileName,
  sealedBlobOf,
  type DocumentRow,
  type DownloadFile,
} from "./document-file";
import { certificateFileName, certificateOfCompletion } from "./evidence-summary";
import { zipDownload } from "./zip-download";

/**
 * GET /api/packages/{packageId}/documents/zip: the package's documents (not the consent document),
 * one PDF per document, streamed as the zip is built. A completed package's are its signed
 * documents, with its sealed certificate of completion last; 409 with Retry-After while a seal is
 * not stored yet. A package not completed yet is served too, as the original serves it, each
 * document as `…/pdf` answers it now — unless its `settings.ceremony.disableDownloadForUncompletedPackage`
 * says no (409).
 */
export async function downloadDocumentsZip(db: Queryable, caller: Caller, packageId: string): Promise<DownloadFile> {
  const pkg = await findPackage(db, caller, packageId);
  if (isComplete(pkg.status)) return completedPackageZip(db, pkg);
  if (ceremonySettingsOf(pkg.settings).disableDownloadForUncompletedPackage) {
    throw conflict(
      "error.conflict.packageNotComplete",
      `Package ${pkg.id} is ${pkg.status} and its settings.ceremony.disableDownloadForUncompletedPackage is true: its documents can be downloaded once all signing is completed.`,
    );
  }
  return packageZip(db, pkg, null);
}

/**
 * The zip of a completed package's signed documents, whoever asks (the sender, a signer's copy
 * link). `only` narrows it to some documents (a signer's visible ones), with or without the certificate.
 */
export async function completedPackageZip(db: Queryable, pkg: PackageRow, only?: { documentIds: ReadonlySet<string>; certificate: boolean }): Promise<DownloadFile> {
  if (!isComplete(pkg.status)) {
    throw conflict(
      "error.conflict.packageNotComplete",
      `Package ${pkg.id} is ${pkg.status}; its documents can be downloaded as a zip only once all signing is completed.`,
    );
  }
  return packageZip(db, pkg, only?.certificate === false ? null : async () => certificateOfCompletion(db, pkg), only?.documentIds);
}

async function packageZip(db: Queryable, pkg: PackageRow, certificate: (() => Promise<Uint8Array>) | null, documentIds?: ReadonlySet<string>): Promise<DownloadFile> {
  const store = await blobStore();
  const entries = (await packageDocuments(db, pkg.id)).filter((document) => document.id !== CONSENT_DOCUMENT_ID && (!documentIds || documentIds.has(document.id)));
  // Checked before the first byte is sent: once the zip streams, a failure can only cut it short.
  for (const document of entries) await assertStored(store, pkg, document);

  // Built before the first byte is sent too, so that a failure is an error answer, not a cut zip.
  const certificateBytes = certificate ? await certificate() : null;

  const date = pkg.completed ?? now();
  return zipDownload(`${safeFileName(pkg.name, pkg.id)}.zip`, [
    ...entries.map((document) => ({ name: pdfFileName(document), date, chunks: pdfChunks(store, pkg, document) })),
    ...(certificateBytes ? [{ name: certificateFileName(pkg), date, chunks: oneChunk(certificateBytes) }] : []),
  ]);
}

async function assertStored(store: BlobStore, pkg: PackageRow, document: DocumentRow): Promise<void> {
  if (awaitsSeal(pkg, document)) throw await notSealedYetOrPurged(store, document);
  const blob = sealedBlobOf(pkg, document) ?? document.blobSha256;
  if (!blob || (await store.size(blob)) === null) throw documentPurged(document);
}

/** The document's PDF, produced only when the archive reaches its entry: one document in memory at a time. */
async function* pdfChunks(store: BlobStore, pkg: PackageRow, document: DocumentRow): AsyncGenerator<Uint8Array> {
  const { body } = await documentPdf(store, pkg, document);
  if (body instanceof Uint8Array) yield body;
  else yield* Readable.fromWeb(body as NodeWebReadableStream<Uint8Array>);
}

async function* oneChunk(bytes: Uint8Array): AsyncGenerator<Uint8Array> {
  yield bytes;
}
