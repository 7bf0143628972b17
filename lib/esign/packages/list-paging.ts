import { sql, type SQL } from "drizzle-orm";
import type { Db, Queryable, Tx } from "@/lib/db/client";
import { isStalePreparedStatement } from "@/lib/db/errors";
import { packageListBuckets } from "@/lib/db/schema";
import type { PackageStatus } from "@/lib/api/packages";
import { buildBucketsSoon, listBuckets, locateBucket, maintainBuckets, type BucketScope } from "./list-buckets";
import { backwardIdsQuery, forwardIdsQuery, fromKeyIdsQuery, type ListOrder } from "./list-order";

export { forwardIdsQuery, listOrderBy, type ListOrder, type ListSortColumn } from "./list-order";

/**
 * Which packages are on a page of a list, at any depth, for about what the first page costs.
 *
 * The order is the API's: the sort column ascending (nulls last) or descending (nulls first), ties
 * by id ascending; each folder order has an index that is exactly that order (lib/db/schema.ts).
 * A page near either end is an OFFSET from that end (walking the index backwards from the last
 * row, with the folder's count known). A page deep inside a sender's folder starts from the key of
 * the bucket that holds it (list-buckets.ts: counts in the database, exact after every write,
 * shared by every instance): it seeks into the index from there and skips fewer than a bucket's
 * packages. Other deep pages (templates, searches) are an OFFSET from the nearer end.
 */

/** Tunables (tests make them small to reach the deep-page paths with few packages). */
export const listPaging = {
  /** Pages starting within this many rows of either end are an OFFSET from that end. */
  nearEnd: 1000,
};

/** A sender's folder whose deep pages come from buckets: the scope, and the statuses it shows. */
export interface BucketedFolder {
  scope: BucketScope;
  statuses: readonly PackageStatus[];
}

/** Reads the rows of the packages whose ids `ids` (a subquery, or a list) answers, in the list's order. */
export type PageRowsReader<R> = (db: Queryable, ids: SQL) => Promise<R[]>;

/**
 * The page `offset`..`offset + limit` of the packages `where` (of which there are `count`) in
 * `order`, read by `readRows` from the page's ids; empty when the page is past the end.
 * `bucketed` lets a deep page start from a bucket, its rows read in the bucket's snapshot;
 * without it, the page is an OFFSET from the nearer end.
 */
export async function readPage<R>(
  db: Db,
  args: { where: SQL; order: ListOrder; offset: number; limit: number; count: number; bucketed?: BucketedFolder },
  readRows: PageRowsReader<R>,
): Promise<R[]> {
  const { where, order, offset, limit, count, bucketed } = args;
  if (offset >= count || limit <= 0) return [];
  const end = Math.min(offset + limit, count);
  const fromEnd = count - end;
  if (offset <= listPaging.nearEnd) return readRows(db, forwardIdsQuery(where, order, offset, limit));
  if (fromEnd <= listPaging.nearEnd) return readRows(db, backwardIdsQuery(where, order, fromEnd, end - offset));
  if (bucketed) {
    const rows = await bucketPage(db, { where, order, offset, limit, bucketed }, readRows);
    if (rows) return rows;
  }
  return readRows(db, fromEnd < offset ? backwardIdsQuery(where, order, fromEnd, end - offset) : forwardIdsQuery(where, order, offset, limit));
}

/**
 * A deep page from the buckets: the bucket holding `offset`, then the page's rows read from its
 * key, in one snapshot (so the page is exactly the list of one moment) and one statement after
 * the bucket's. Folds first when the scope has many pending changes. An order without buckets has
 * them built (behind this answer, which is then an OFFSET, unless `listBuckets.buildInBackground`
 * is off). Null when the page is to be read by OFFSET.
 */
async function bucketPage<R>(
  db: Db,
  args: { where: SQL; order: ListOrder; offset: number; limit: number; bucketed: BucketedFolder },
  readRows: PageRowsReader<R>,
): Promise<R[] | null> {
  const { where, order, offset, limit, bucketed } = args;
  for (let attempt = 0; attempt < 2; attempt++) {
    const outcome = await inBucketSnapshot(
      db,
      async (tx) => {
        const target = await locateBucket(tx, { scope: bucketed.scope, order, statuses: bucketed.statuses, offset });
        if (target.buckets === 0 || (target.pending > listBuckets.foldAbove && attempt === 0)) return "maintain" as const;
        if (!target.found) return [];
        const skip = offset - target.found.before;
        return readRows(tx, target.found.first ? forwardIdsQuery(where, order, skip, limit) : fromKeyIdsQuery(where, order, target.found.key, skip, limit));
      },
    );
    if (outcome === null) return null;
    if (outcome !== "maintain") return outcome;
    if (attempt === 0 && listBuckets.buildInBackground && !(await hasBuckets(db, bucketed.scope, order))) {
      void buildBucketsSoon(db, bucketed.scope, order);
      return null;
    }
    await maintainBuckets(db, bucketed.scope, order);
  }
  return null;
}

/**
 * `read` in one read-only snapshot; null when a prepared statement in it went stale (a migration
 * by another instance, lib/db/prepared-statements.ts): that aborted the transaction, and the page
 * is then read by OFFSET.
 */
async function inBucketSnapshot<T>(db: Db, read: (tx: Tx) => Promise<T>): Promise<T | null> {
  try {
    return await db.transaction(read, { isolationLevel: "repeatable read", accessMode: "read only" });
  } catch (error) {
    if (isStalePreparedStatement(error)) return null;
    throw error;
  }
}

async function hasBuckets(db: Db, scope: BucketScope, order: ListOrder): Promise<boolean> {
  const { rows } = (await db.execute(
    sql`select 1 from ${packageListBuckets} where ${packageListBuckets.accountId} = ${scope.accountId} and ${packageListBuckets.ownerUserId} = ${scope.ownerUserId}
      and ${packageListBuckets.trashed} = ${scope.trashed} and ${packageListBuckets.listOrder} = ${`${order.sort} ${order.dir}`} limit 1`,
  )) as unknown as { rows: unknown[] };
  return rows.length > 0;
}
