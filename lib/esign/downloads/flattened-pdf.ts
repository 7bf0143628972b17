import { and, eq } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { documents } from "@/lib/db/schema";
import { CreatedBlobs } from "@/lib/esign/documents/store-documents";
import type { PackageRow } from "@/lib/esign/packages/find-package";
import { runPdfJob } from "@/lib/esign/pdf/pdf-pool";
import { dropUnreferencedBlobs } from "@/lib/esign/storage/blob-references";
import type { BlobStore } from "@/lib/esign/storage/blob-store";
import { type DocumentRow, type DownloadFile, originalBytes, responseBytes } from "./document-file";

/**
 * A draft's document as /pdf answers it: the upload with its form fields flattened. Flattening
 * reads the whole PDF (a 100 MB upload takes several hundred MB for seconds), and its result
 * depends on the upload's bytes only (signing fields are stamped at sealing, not here), so the
 * first /pdf keeps it as a blob of the document (`flattenedBlobSha256`) and later ones stream it
 * from the store. The consent document without a blob is built in and small: flattened each time.
 */
export async function flattenedPdf(store: BlobStore, pkg: PackageRow, document: DocumentRow): Promise<{ body: DownloadFile["body"]; size: number }> {
  const kept = document.blobSha256 && document.flattenedBlobSha256 ? await keptCopy(store, document.flattenedBlobSha256) : null;
  if (kept) return kept;
  const flattened = await runPdfJob("flattenPdf", { bytes: await originalBytes(store, document) }, { accountId: pkg.accountId, documentName: document.name });
  if (document.blobSha256) await keepFlattened(store, document, document.blobSha256, flattened);
  return { body: responseBytes(flattened), size: flattened.byteLength };
}

/** The kept copy, or null when the store no longer has it (it is then made again). */
async function keptCopy(store: BlobStore, sha256: string): Promise<{ body: ReadableStream<Uint8Array>; size: number } | null> {
  const size = await store.size(sha256);
  const body = size === null ? null : await store.stream(sha256);
  return size !== null && body ? { body, size } : null;
}

/**
 * Stores the flattened bytes and refers to them from the document, only while it still has the
 * upload they were made from; otherwise the blob, if nothing else refers to it, is removed again.
 * A PDF without form fields flattens to its own bytes, which the store holds already.
 */
async function keepFlattened(store: BlobStore, document: DocumentRow, uploadSha256: string, flattened: Uint8Array): Promise<void> {
  const db = await getDb();
  const created = new CreatedBlobs(store);
  const blob = { bytes: flattened };
  try {
    await created.storeAhead(db, [blob]);
    await db.transaction(async (tx) => {
      const sha256 = await created.put(blob, tx);
      const referred = await tx
        .update(documents)
        .set({ flattenedBlobSha256: sha256 })
        .where(and(eq(documents.packageId, document.packageId), eq(documents.id, document.id), eq(documents.blobSha256, uploadSha256)))
        .returning({ id: documents.id });
      if (referred.length === 0) await dropUnreferencedBlobs(tx, [sha256]);
    });
  } finally {
    await created.removeUnreferenced(db);
  }
}
