import { eq } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import { documents } from "@/lib/db/schema";
import { consentPdf } from "@/lib/esign/documents/consent-document";
import { CONSENT_DOCUMENT_ID } from "@/lib/esign/documents/consent-document-id";
import { conflictRetryLater, gone } from "@/lib/esign/errors";
import type { PackageRow } from "@/lib/esign/packages/find-package";
import { isComplete } from "@/lib/esign/packages/package-status";
import { sha256Hex, type BlobStore } from "@/lib/esign/storage/blob-store";
import type { ByteRange, RangeableFile } from "@/lib/http/byte-ranges";
import { flattenedPdf } from "./flattened-pdf";

export type DocumentRow = typeof documents.$inferSelect;

/** A file to send: the route turns it into a download response. */
export interface DownloadFile {
  fileName: string;
  contentType: string;
  body: ReadableStream<Uint8Array> | Uint8Array<ArrayBuffer>;
}

/** A file whose length is known before it is sent (a zip being built is not). */
export interface SizedDownloadFile extends DownloadFile {
  size: number;
}

/**
 * pdf-lib and Buffer type their bytes over `ArrayBufferLike` (it could be shared memory); a
 * response body must be over `ArrayBuffer`, which these always are.
 */
export function responseBytes(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  return bytes as Uint8Array<ArrayBuffer>;
}

/** The documents of a package in signing order. */
export async function packageDocuments(db: Queryable, packageId: string): Promise<DocumentRow[]> {
  const rows = await db.select().from(documents).where(eq(documents.packageId, packageId));
  return rows.sort((a, b) => a.index - b.index || a.position - b.position);
}

/** A name that is safe as a download or zip entry name: no path separators or control characters. */
export function safeFileName(name: string, fallback: string): string {
  const cleaned = name.replace(/[\u0000-\u001f\u007f/\\]/g, "_").trim();
  return cleaned || fallback;
}

export function pdfFileName(document: DocumentRow): string {
  const name = safeFileName(document.name, document.id);
  return /\.pdf$/i.test(name) ? name : `${name}.pdf`;
}

/** The content is no longer stored: the seam for the retention policy that purges old packages. */
export function documentPurged(document: DocumentRow) {
  return gone("error.gone.documentPurged", `The file of document "${document.name}" is no longer stored.`);
}

/** The bytes as uploaded. The consent document may carry no blob: its bytes are built in. */
export async function originalBytes(store: BlobStore, document: DocumentRow): Promise<Uint8Array> {
  if (!document.blobSha256) {
    if (document.id === CONSENT_DOCUMENT_ID) return consentPdf();
    throw documentPurged(document);
  }
  const bytes = await store.get(document.blobSha256);
  if (!bytes) throw documentPurged(document);
  return bytes;
}

/** A stored blob as a stream with its length; 410 when it is no longer stored. */
export async function storedBlob(
  store: BlobStore,
  sha256: string,
  document: DocumentRow,
): Promise<{ body: ReadableStream<Uint8Array>; size: number }> {
  const size = await store.size(sha256);
  const body = size === null ? null : await store.stream(sha256);
  if (size === null || !body) throw documentPurged(document);
  return { body, size };
}

/**
 * The PDF the ceremony shows, readable by ranges (pdf.js asks for the parts a page needs): the
 * stored upload, or the consent document's built-in bytes. The blob's SHA-256 is its entity tag.
 */
export async function ceremonyPdf(store: BlobStore, document: DocumentRow): Promise<RangeableFile> {
  const sha256 = document.blobSha256;
  if (!sha256) {
    const bytes = responseBytes(await originalBytes(store, document));
    return { size: bytes.byteLength, etag: `"${sha256Hex(bytes)}"`, open: async (range?: ByteRange) => (range ? bytes.slice(range.start, range.end + 1) : bytes) };
  }
  const size = await store.size(sha256);
  if (size === null) throw documentPurged(document);
  return {
    size,
    etag: `"${sha256}"`,
    open: async (range?: ByteRange) => {
      const body = await store.stream(sha256, range);
      if (!body) throw documentPurged(document);
      return body;
    },
  };
}

/** The sealed PDF's blob when the package is complete and its seal is stored. */
export function sealedBlobOf(pkg: PackageRow, document: DocumentRow): string | null {
  return isComplete(pkg.status) && document.sealedBlobSha256 ? document.sealedBlobSha256 : null;
}

/** How long a client asked to wait for a seal is told to wait (Retry-After): a seal takes seconds. */
export const SEAL_RETRY_AFTER_SECONDS = 5;

/**
 * A document of a complete package whose seal is not stored yet (being sealed, or queued again
 * after a crash): 409 with Retry-After, never the unsealed file in its place.
 */
export function notSealedYet(document: DocumentRow) {
  return conflictRetryLater(
    "error.conflict.documentNotSealed",
    `Document "${document.name}" is being sealed; its signed PDF is not ready yet. Try again in a few seconds.`,
    SEAL_RETRY_AFTER_SECONDS,
  );
}

/** 409 for a document whose seal is to come; 410 when its original is gone, as no seal ever will. */
export async function notSealedYetOrPurged(store: BlobStore, document: DocumentRow) {
  return (await store.size(document.blobSha256!)) === null ? documentPurged(document) : notSealedYet(document);
}

/** A complete package's document that is sealed (not the consent document, which never is) but has no seal stored yet. */
export function awaitsSeal(pkg: PackageRow, document: DocumentRow): boolean {
  return isComplete(pkg.status) && document.id !== CONSENT_DOCUMENT_ID && document.blobSha256 !== null && !document.sealedBlobSha256;
}

/**
 * The document as PDF for readers: the sealed PDF once the package is complete, streamed from the
 * store (409 with Retry-After until its seal is stored); before completion the upload with its
 * form fields flattened, kept after the first time (flattened-pdf.ts).
 */
export async function documentPdf(
  store: BlobStore,
  pkg: PackageRow,
  document: DocumentRow,
): Promise<{ body: DownloadFile["body"]; size: number }> {
  const sealed = sealedBlobOf(pkg, document);
  if (sealed) return storedBlob(store, sealed, document);
  if (awaitsSeal(pkg, document)) throw await notSealedYetOrPurged(store, document);
  return flattenedPdf(store, pkg, document);
}
