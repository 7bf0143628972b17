import { sql } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";

/**
 * Stores outside the database (files, S3) are not part of its transactions, so storing a blob and
 * deleting it once unreferenced could cross: a writer finds the bytes already stored and skips
 * them, a deleter that has not seen the writer's row yet deletes them, and the row then commits
 * with a reference to nothing. A transaction-scoped advisory lock per blob orders the two: a
 * writer holds its blob's lock shared from before it looks at the store until its transaction
 * ends; a deleter holds it alone while it checks the references and deletes. Either the deleter
 * sees the writer's committed row, or the writer finds the bytes gone and stores them again.
 * A writer that stores its bytes before its transaction (CreatedBlobs.storeAhead, so that no
 * transaction waits on the store) announces them first under the same lock, and a deleter leaves
 * announced bytes alone (blob-write-intents.ts).
 */
function lockKey(sha256: string) {
  return sql`hashtextextended(${`blob:${sha256}`}, 0)`;
}

/** For a writer, in the transaction that will refer to the blob. */
export async function shareBlobLock(tx: Queryable, sha256: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock_shared(${lockKey(sha256)})`);
}

/** For a deleter, in the transaction that checks the references and deletes. */
export async function takeBlobLock(tx: Queryable, sha256: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${lockKey(sha256)})`);
}
