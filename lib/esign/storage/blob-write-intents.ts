import { and, gt, inArray, lt, sql } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import { blobWriteIntents } from "@/lib/db/schema";
import { ServiceError } from "@/lib/esign/errors";
import { newId } from "@/lib/esign/ids";
import { shareBlobLock } from "./blob-locks";

/**
 * A request that stores blobs outside the database (files, S3) before its transaction, so that no
 * transaction waits on the store, first announces them, in a small transaction of its own under
 * each blob's shared lock (blob-locks.ts). A deleter, which checks and deletes under the blob's
 * exclusive lock, leaves announced bytes alone. So a deleter either deleted before the
 * announcement (and the write that follows stores the bytes again) or sees it; and the
 * transaction that refers to the blobs first checks, under the same shared lock, that its
 * announcement still stands. No moment is left in which a committed row can point to bytes a
 * deleter removed, crash or no crash; a crash leaves at most an announcement that expires.
 */

/** Longer than any request takes between announcing and committing. */
const INTENT_LIFETIME = "1 hour";

/** Before storing `shas` ahead of the transaction that will refer to them: their intents' ids. */
export async function announceBlobWrites(db: Queryable, shas: string[]): Promise<string[]> {
  const rows = [...new Set(shas)].map((sha256) => ({ id: newId(20), sha256 }));
  await db.transaction(async (tx) => {
    for (const { sha256 } of rows) await shareBlobLock(tx, sha256);
    await tx
      .insert(blobWriteIntents)
      .values(rows.map((row) => ({ ...row, expires: sql`now() + ${INTENT_LIFETIME}::interval` })));
  });
  return rows.map((row) => row.id);
}

/**
 * In the transaction that refers to blob `sha256` stored ahead under intent `intentId`: holds the
 * blob's shared lock until the commit and refuses (503) when the intent has expired, since a
 * deleter may then have removed the bytes.
 */
export async function referToAnnouncedBlob(tx: Queryable, sha256: string, intentId: string): Promise<void> {
  await shareBlobLock(tx, sha256);
  const [standing] = await tx
    .select({ id: blobWriteIntents.id })
    .from(blobWriteIntents)
    .where(and(sql`${blobWriteIntents.id} = ${intentId}`, gt(blobWriteIntents.expires, sql`now()`)));
  if (!standing) {
    throw new ServiceError(503, "error.unavailable.blobWriteExpired", "Storing the documents took too long to be kept safely; send the request again.");
  }
}

/** Of `shas`, those a writer has announced and not yet forgotten: a deleter leaves them. */
export async function announcedBlobs(tx: Queryable, shas: string[]): Promise<Set<string>> {
  if (shas.length === 0) return new Set();
  const rows = await tx
    .selectDistinct({ sha256: blobWriteIntents.sha256 })
    .from(blobWriteIntents)
    .where(and(inArray(blobWriteIntents.sha256, shas), gt(blobWriteIntents.expires, sql`now()`)));
  return new Set(rows.map((row) => row.sha256));
}

/** After the commit (or the failure): the rows refer to the blobs now, or nothing will. */
export async function forgetBlobWrites(db: Queryable, intentIds: string[]): Promise<void> {
  if (intentIds.length === 0) return;
  await db.delete(blobWriteIntents).where(inArray(blobWriteIntents.id, intentIds));
}

/** The sweep's part: intents a crash left behind. */
export async function deleteExpiredBlobWriteIntents(db: Queryable): Promise<void> {
  await db.delete(blobWriteIntents).where(lt(blobWriteIntents.expires, sql`now()`));
}
