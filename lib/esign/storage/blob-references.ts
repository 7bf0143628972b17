import { inArray, isNotNull, or } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import { approvalSignatures, documents, signerAttachmentFiles, supportingDocuments } from "@/lib/db/schema";
import { takeBlobLock } from "./blob-locks";
import { announcedBlobs } from "./blob-write-intents";
import { blobStore, PostgresBlobStore } from "./blob-store";

/**
 * Blobs are content-addressed, so one blob may serve several rows: documents (upload, its
 * flattened copy and sealed PDF), signers' attachment files, drawn signature images, supporting documents. A blob is removed only once none of
 * them refers to it.
 */

/** Of `shas`, those some row (of any package) still refers to. */
export async function referencedBlobs(db: Queryable, shas: string[]): Promise<Set<string>> {
  if (shas.length === 0) return new Set();
  const documentRows = await db
    .select({ blob: documents.blobSha256, sealed: documents.sealedBlobSha256, flattened: documents.flattenedBlobSha256 })
    .from(documents)
    .where(or(inArray(documents.blobSha256, shas), inArray(documents.sealedBlobSha256, shas), inArray(documents.flattenedBlobSha256, shas)));
  const attachmentRows = await db.select({ blob: signerAttachmentFiles.blobSha256 }).from(signerAttachmentFiles).where(inArray(signerAttachmentFiles.blobSha256, shas));
  const signatureRows = await db.select({ blob: approvalSignatures.imageSha256 }).from(approvalSignatures).where(inArray(approvalSignatures.imageSha256, shas));
  const supportingRows = await db.select({ blob: supportingDocuments.blobSha256 }).from(supportingDocuments).where(inArray(supportingDocuments.blobSha256, shas));
  return new Set(
    [
      ...documentRows.flatMap((row) => [row.blob, row.sealed, row.flattened]),
      ...attachmentRows.map((row) => row.blob),
      ...signatureRows.map((row) => row.blob),
      ...supportingRows.map((row) => row.blob),
    ].filter((sha): sha is string => sha !== null),
  );
}

/** Every blob some row refers to, sorted (backups and moves copy these); keep beside referencedBlobs. */
export async function allReferencedBlobs(db: Queryable): Promise<string[]> {
  const columns = [documents.blobSha256, documents.sealedBlobSha256, signerAttachmentFiles.blobSha256, approvalSignatures.imageSha256, supportingDocuments.blobSha256];
  const found = new Set<string>();
  for (const column of columns) {
    const rows = await db.selectDistinct({ sha: column }).from(column.table).where(isNotNull(column));
    for (const row of rows) if (row.sha) found.add(row.sha);
  }
  return [...found].sort();
}

/**
 * In the transaction that dropped references to `shas`: with the database's `blobs` table the
 * rows nobody refers to any more are deleted with it. Answers the blobs a store outside the
 * database (files, S3) must delete once the transaction has committed
 * (`deleteUnreferencedBlobs`); none for the table.
 */
export async function dropUnreferencedBlobs(tx: Queryable, shas: string[]): Promise<string[]> {
  const unique = [...new Set(shas)];
  const stillReferenced = await referencedBlobs(tx, unique);
  const unreferenced = unique.filter((sha) => !stillReferenced.has(sha));
  if (!(await blobStore()).transactional) return unreferenced;
  const inTransaction = new PostgresBlobStore(tx);
  for (const sha of unreferenced) await inTransaction.delete(sha);
  return [];
}

/**
 * After the commit, for a store outside the database (files, S3): deletes the blobs of `shas`
 * still unreferenced. Each is checked again, under its lock (blob-locks.ts), in a transaction of
 * its own: a row written meanwhile may have stored the same bytes, and a writer holding the lock
 * commits its reference first; bytes a writer announced before storing them ahead of its
 * transaction are left to it. A crash before this leaves an unreferenced blob, never a reference
 * to a missing one. Nothing to do for the `blobs` table, whose rows belong to the transactions
 * that stored or dropped them.
 */
export async function deleteUnreferencedBlobs(db: Queryable, shas: string[]): Promise<void> {
  if (shas.length === 0) return;
  const store = await blobStore();
  if (store.transactional) return;
  for (const sha of new Set(shas)) {
    await db.transaction(async (tx) => {
      await takeBlobLock(tx, sha);
      // Bytes a writer announced are about to be referred to (blob-write-intents.ts).
      if ((await referencedBlobs(tx, [sha])).size === 0 && (await announcedBlobs(tx, [sha])).size === 0) await store.delete(sha);
    });
  }
}
