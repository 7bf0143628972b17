import { sql, type SQL } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import { preparedRows } from "@/lib/db/prepared-statements";
import { packageCounts } from "@/lib/db/schema";

/**
 * The folders' counts (package_counts, kept by triggers on packages: migration 0012). Each write
 * adds rows; a folder's count is the sum of its rows; folding them (`compactPackageCounts`) keeps
 * the rows of an owner few. Folding keeps every sum, so counts never move by it.
 */

/** Rows of one scope (an owner's packages, an account's templates) above which a reader folds them. */
export const FOLD_ABOVE_ROWS = 64;

export interface FolderCount {
  /** Packages in the folder. */
  count: number;
  /** Rows the sums read: many means it is time to fold them. */
  rows: number;
}

/** The count of the folder `where` (package_counts columns) and how many rows of `scope` that read. */
export async function readFolderCount(db: Queryable, scope: SQL, where: SQL): Promise<FolderCount> {
  const [[count, rows]] = (await preparedRows(
    db,
    sql`select coalesce(sum(${packageCounts.packages}) filter (where ${where}), 0)::int, count(*)::int from ${packageCounts} where ${scope}`,
  )) as [number, number][];
  return { count, rows };
}

/**
 * Folds the rows of `scope` (all scopes without one) into one per owner, type, status, trash flag
 * and visibility. Safe beside writers and other folds: a row a concurrent fold already deleted is
 * skipped, so each row is summed once; rows inserted meanwhile are left for the next fold.
 */
export async function compactPackageCounts(db: Queryable, scope?: SQL): Promise<void> {
  await db.execute(sql`
    with folded as (delete from ${packageCounts} where ${scope ?? sql`true`} returning *)
    insert into ${packageCounts} (account_id, owner_user_id, type, status, trashed, visibility, packages, changes)
    select account_id, owner_user_id, type, status, trashed, visibility, sum(packages), sum(changes)
    from folded group by account_id, owner_user_id, type, status, trashed, visibility`);
}

/**
 * The sweep's part (due-work job, every minute): folds the scopes that gathered more than a few
 * rows since, so owners whose lists nobody reads do not pile rows up either.
 */
export async function compactBusyPackageCounts(db: Queryable, aboveRows = 16): Promise<void> {
  await compactPackageCounts(
    db,
    sql`(account_id, type, owner_user_id) in (
      select account_id, type, owner_user_id from ${packageCounts} group by account_id, type, owner_user_id having count(*) > ${aboveRows})`,
  );
}
