import { sql, type SQL } from "drizzle-orm";
import type { Db, Queryable } from "@/lib/db/client";
import { preparedRows } from "@/lib/db/prepared-statements";
import { packageListBuckets, packageListChanges, packageListScopes, packageCounts, packages } from "@/lib/db/schema";
import { PACKAGE_STATUSES, type PackageStatus } from "@/lib/api/packages";
import { logger } from "@/lib/observability/logger";
import { fromKeyRowsQuery, type ListKey, type ListOrder, type ListSortColumn } from "./list-order";

/**
 * Where a deep page of a sender's list starts, from counts every instance shares.
 *
 * Each order of a scope (a sender's packages in the trash or not; one order per sort column and
 * direction) is cut into buckets: a bucket is its first key (sort value and id) and how many
 * packages of each status lie from there to the next bucket's key (package_list_buckets). A page
 * at offset N of a folder (some statuses) adds up the folder's counts bucket by bucket to the one
 * holding N, then seeks into the order's index from that bucket's key and skips fewer than a
 * bucket's packages (list-paging.ts). Nothing is kept in the instance.
 *
 * Writes do not touch buckets: triggers on packages insert the package's old keys as -1 and its
 * new ones as +1 into package_list_changes (migration 0034), insert-only, so writers never wait on
 * each other or on a bucket. A reader adds the pending changes to the buckets they fall in, so
 * positions are exact right after any write. Folding (`maintainBuckets`: on a read that finds more
 * than `foldAbove` changes, on the first deep read of an order, which starts building its buckets
 * and is answered by OFFSET meanwhile, and in the sweep) adds the changes into the buckets and deletes them, merges buckets fallen below a
 * quarter of `bucketRows` into the one before, and cuts those grown past twice `bucketRows` anew
 * from the index. It runs in one REPEATABLE READ snapshot that starts by updating the scope's row
 * of package_list_scopes: a second fold of the scope at the same time fails to serialize and gives
 * way, so each change is folded once, and the packages a build or cut reads are exactly those
 * the folded counts describe.
 *
 * A bucket holds the keys from its first key up to the next bucket's; the first bucket also holds
 * every key before its own (a package renamed to sort first lands there).
 */

/** Tunables (tests make them small). */
export const listBuckets = {
  /** Packages a bucket is cut to hold; it is merged below a quarter of that, cut again above twice. */
  bucketRows: 1000,
  /** Pending changes of a scope above which a reader folds them first. */
  foldAbove: 256,
  /** Whether the first deep page of an order builds its buckets behind its answer (else before it). */
  buildInBackground: true,
};

export interface BucketScope {
  accountId: string;
  ownerUserId: string;
  trashed: boolean;
}

/** Each status's count column. */
const STATUS_COLUMNS: Record<PackageStatus, string> = {
  DRAFT: "draft",
  SENT: "sent",
  COMPLETED: "completed",
  ARCHIVED: "archived",
  DECLINED: "declined",
  OPTED_OUT: "opted_out",
  EXPIRED: "expired",
};

/** The buckets' column of an order's first key. */
const LOWER_COLUMNS: Record<ListSortColumn, SQL> = {
  created: sql.raw("lower_time"),
  updated: sql.raw("lower_time"),
  due: sql.raw("lower_time"),
  name: sql.raw("lower_text"),
  status: sql.raw("lower_text"),
};

function orderName(order: ListOrder): string {
  return `${order.sort} ${order.dir}`;
}

function orderOfName(name: string): ListOrder {
  const [sort, dir] = name.split(" ") as [ListSortColumn, "asc" | "desc"];
  return { sort, dir };
}

/** `key, id` in the order's direction (ties by id ascending), then `extra`. */
function keyOrderBy(order: ListOrder, key: SQL, id: SQL, extra?: SQL): SQL {
  const direction = sql.raw(order.dir === "asc" ? "asc nulls last" : "desc nulls first");
  return extra ? sql`${key} ${direction}, ${id} asc, ${extra}` : sql`${key} ${direction}, ${id} asc`;
}

function bucketsOf(scope: BucketScope, order?: ListOrder): SQL {
  const base = sql`${packageListBuckets.accountId} = ${scope.accountId} and ${packageListBuckets.ownerUserId} = ${scope.ownerUserId} and ${packageListBuckets.trashed} = ${scope.trashed}`;
  return order ? sql`${base} and ${packageListBuckets.listOrder} = ${orderName(order)}` : base;
}

function changesOf(scope: BucketScope): SQL {
  return sql`${packageListChanges.accountId} = ${scope.accountId} and ${packageListChanges.ownerUserId} = ${scope.ownerUserId} and ${packageListChanges.trashed} = ${scope.trashed}`;
}

/** The scope's listed packages: the list indexes' predicate written out, so the planner uses them. */
export function scopeWhere(scope: BucketScope): SQL {
  return sql`${packages.accountId} = ${scope.accountId} and ${packages.ownerUserId} = ${scope.ownerUserId} and ${packages.trashed} = ${sql.raw(String(scope.trashed))}
    and ${packages.type} = 'PACKAGE' and ${packages.status} <> 'DELETED'`;
}

function statusList(statuses: readonly PackageStatus[]): SQL {
  return sql.join(statuses.map((status) => sql`${status}`), sql`, `);
}

/** The bucket's count of the packages of `statuses`. */
function countOf(statuses: readonly PackageStatus[]): SQL {
  if (statuses.length === 0) return sql`0`;
  return sql.raw(statuses.map((status) => STATUS_COLUMNS[status]).join(" + "));
}

export interface BucketTarget {
  /** Buckets of the order (0: none built yet) and changes pending in the scope. */
  buckets: number;
  pending: number;
  /** The bucket holding the offset, if any: its first key, the folder's packages before it, whether it is the first. */
  found?: { key: ListKey; before: number; first: boolean };
}

/**
 * The bucket that holds position `offset` of the folder (`statuses` of the scope) in `order`,
 * with the pending changes added: one statement.
 */
export async function locateBucket(
  db: Queryable,
  args: { scope: BucketScope; order: ListOrder; statuses: readonly PackageStatus[]; offset: number },
): Promise<BucketTarget> {
  const { scope, order, statuses, offset } = args;
  const lower = LOWER_COLUMNS[order.sort];
  const changeKey = sql.raw(`"${order.sort}"`);
  const placement = keyOrderBy(order, sql`key`, sql`id`, sql`kind`);
  // Prepared (lib/db/prepared-statements.ts): planning this took PostgreSQL 0.6 to 0.8 ms a deep page.
  const [[buckets, pending, value, id, before, first]] = (await preparedRows(
    db,
    sql`
    with b as (
      select ${lower} as key, lower_id as id, (${countOf(statuses)})::bigint as n,
             row_number() over (order by ${keyOrderBy(order, lower, sql`lower_id`)}) as seq
      from ${packageListBuckets} where ${bucketsOf(scope, order)}),
    placed as (
      select coalesce(max(seq) over (order by ${placement} rows between unbounded preceding and current row), 1) as bucket, n
      from (select key, id, n, seq, 0 as kind from b
            union all
            select ${changeKey}, package_id, change::bigint, null, 1 from ${packageListChanges}
            where ${changesOf(scope)} and status in (${statuses.length ? statusList(statuses) : sql`null`})) as keyed),
    sized as (select bucket, sum(n) as n from placed group by bucket),
    running as (select bucket, n, sum(n) over (order by bucket) - n as before from sized)
    select (select count(*) from b)::int as buckets,
           (select count(*) from ${packageListChanges} where ${changesOf(scope)})::int as pending,
           t.value, t.id, t.before, t.first
    from (select 1) as one
    left join (
      select b.key::text as value, b.id, r.before::int as before, b.seq = 1 as first
      from running r join b on b.seq = r.bucket
      where r.n > 0 and r.before <= ${offset} and ${offset} < r.before + r.n
    ) as t on true`,
  )) as [number, number, string | null, string | null, number | null, boolean | null][];
  const target: BucketTarget = { buckets, pending };
  if (id !== null) target.found = { key: { value, id }, before: before!, first: first! };
  return target;
}

/**
 * Folds the scope's pending changes into its buckets, merges and cuts buckets, and builds the
 * buckets of `build` if it has none. Answers false when another fold of the scope ran at the same
 * time: it folded the changes, but built only its own order, if any.
 */
export async function maintainBuckets(db: Db, scope: BucketScope, build?: ListOrder): Promise<boolean> {
  let folded = 0;
  try {
    await db.transaction(
      async (tx) => {
        await tx
          .insert(packageListScopes)
          .values({ ...scope, folds: 1 })
          .onConflictDoUpdate({
            target: [packageListScopes.accountId, packageListScopes.ownerUserId, packageListScopes.trashed],
            set: { folds: sql`${packageListScopes.folds} + 1` },
          });
        const built = (
          (await tx.execute(sql`select distinct list_order from ${packageListBuckets} where ${bucketsOf(scope)}`)) as unknown as { rows: { list_order: string }[] }
        ).rows.map((row) => orderOfName(row.list_order));
        for (const order of built) await foldChanges(tx, scope, order);
        const { rows } = (await tx.execute(
          sql`with gone as (delete from ${packageListChanges} where ${changesOf(scope)} returning 1) select count(*)::int as n from gone`,
        )) as unknown as { rows: { n: number }[] };
        folded = rows[0].n;
        for (const order of built) {
          await mergeSmallBuckets(tx, scope, order);
          await cutLargeBuckets(tx, scope, order);
        }
        if (build && !built.some((order) => orderName(order) === orderName(build))) await buildBuckets(tx, scope, build);
      },
      { isolationLevel: "repeatable read" },
    );
  } catch (error) {
    if (isSerializationFailure(error)) return false;
    throw error;
  }
  // A bulk write's changes (an import, a sweep) folded at once: their dead rows would slow every
  // read of the pending changes until autovacuum comes.
  if (folded >= VACUUM_AFTER_ROWS) await db.execute(sql`vacuum ${packageListChanges}`);
  return true;
}

/** Changes folded at once above which the fold vacuums package_list_changes. */
const VACUUM_AFTER_ROWS = 10_000;

/**
 * The first deep page of an order with no buckets: builds them on another connection while the
 * page is read by OFFSET (at a million packages a build takes seconds). A fold of the scope running
 * at the same time (another order's first deep page, the sweep) makes the build give way, and
 * that fold does not build this order: it is tried again once the other has committed. A build
 * that fails, or gives way `BUILD_ATTEMPTS` times, is logged, and the next deep page tries again.
 */
export function buildBucketsSoon(db: Db, scope: BucketScope, order: ListOrder): Promise<void> {
  // Deep pages of the order asked while it builds join that build rather than queue builds of their own.
  const key = `${scope.accountId} ${scope.ownerUserId} ${scope.trashed} ${orderName(order)}`;
  let build = buildsRunning.get(key);
  if (!build) {
    build = buildUntilDone(db, scope, order).finally(() => buildsRunning.delete(key));
    buildsRunning.set(key, build);
  }
  return build;
}

const buildsRunning = new Map<string, Promise<void>>();

async function buildUntilDone(db: Db, scope: BucketScope, order: ListOrder): Promise<void> {
  try {
    for (let attempt = 1; !(await maintainBuckets(db, scope, order)); attempt++) {
      if (attempt === BUILD_ATTEMPTS) {
        logger().warn({ scope, order }, `building a list's buckets gave way to other folds of its scope ${BUILD_ATTEMPTS} times`);
        return;
      }
    }
  } catch (error) {
    logger().warn({ err: error, scope, order }, "building a list's buckets failed");
  }
}

/** Times a build gives way to other folds of its scope before it is left to the next deep page. */
const BUILD_ATTEMPTS = 10;

function isSerializationFailure(error: unknown): boolean {
  for (let cause = error; cause; cause = (cause as { cause?: unknown }).cause) {
    if ((cause as { code?: string }).code === "40001") return true;
  }
  return false;
}

/** Adds each pending change to the bucket of `order` its key falls in. */
async function foldChanges(tx: Queryable, scope: BucketScope, order: ListOrder): Promise<void> {
  const lower = LOWER_COLUMNS[order.sort];
  const changeKey = sql.raw(`"${order.sort}"`);
  const sums = sql.raw(
    PACKAGE_STATUSES.map((status) => `coalesce(sum(n) filter (where status = '${status}'), 0) as ${STATUS_COLUMNS[status]}`).join(", "),
  );
  const adds = sql.raw(PACKAGE_STATUSES.map((status) => `${STATUS_COLUMNS[status]} = t.${STATUS_COLUMNS[status]} + per.${STATUS_COLUMNS[status]}`).join(", "));
  await tx.execute(sql`
    with b as (
      select id as bucket_id, ${lower} as key, lower_id as id, row_number() over (order by ${keyOrderBy(order, lower, sql`lower_id`)}) as seq
      from ${packageListBuckets} where ${bucketsOf(scope, order)}),
    placed as (
      select coalesce(max(seq) over (order by ${keyOrderBy(order, sql`key`, sql`id`, sql`kind`)} rows between unbounded preceding and current row), 1) as bucket,
             kind, status, n
      from (select key, id, seq, 0 as kind, null::text as status, 0 as n from b
            union all
            select ${changeKey}, package_id, null, 1, status, change from ${packageListChanges} where ${changesOf(scope)}) as keyed),
    per as (select bucket, ${sums} from placed where kind = 1 group by bucket)
    update ${packageListBuckets} as t set ${adds}
    from per join b on b.seq = per.bucket
    where t.id = b.bucket_id`);
}

const TOTAL = sql.raw(Object.values(STATUS_COLUMNS).join(" + "));

/** Merges each bucket below a quarter of `bucketRows` (but the first) into the one before it. */
async function mergeSmallBuckets(tx: Queryable, scope: BucketScope, order: ListOrder): Promise<void> {
  const lower = LOWER_COLUMNS[order.sort];
  const columns = Object.values(STATUS_COLUMNS);
  await tx.execute(sql`
    with b as (
      select id, ${sql.raw(columns.join(", "))}, ${TOTAL} as total,
             row_number() over (order by ${keyOrderBy(order, lower, sql`lower_id`)}) as seq
      from ${packageListBuckets} where ${bucketsOf(scope, order)}),
    marked as (
      select *, max(case when seq = 1 or total >= ${Math.ceil(listBuckets.bucketRows / 4)} then seq end)
                  over (order by seq rows between unbounded preceding and current row) as into_seq
      from b),
    merged as (
      select into_seq, ${sql.raw(columns.map((column) => `sum(${column}) as ${column}`).join(", "))}
      from marked where seq <> into_seq group by into_seq),
    gone as (delete from ${packageListBuckets} where id in (select id from marked where seq <> into_seq))
    update ${packageListBuckets} as t set ${sql.raw(columns.map((column) => `${column} = t.${column} + m.${column}`).join(", "))}
    from merged m join b on b.seq = m.into_seq
    where t.id = b.id`);
}

/** Cuts each bucket above twice `bucketRows` anew from the index. */
async function cutLargeBuckets(tx: Queryable, scope: BucketScope, order: ListOrder): Promise<void> {
  const lower = LOWER_COLUMNS[order.sort];
  const { rows } = (await tx.execute(sql`
    select id, value, lower_id, total::int, seq = 1 as first from (
      select id, ${lower}::text as value, lower_id, ${TOTAL} as total,
             row_number() over (order by ${keyOrderBy(order, lower, sql`lower_id`)}) as seq
      from ${packageListBuckets} where ${bucketsOf(scope, order)}) as b
    where total > ${2 * listBuckets.bucketRows}`)) as unknown as { rows: { id: number; value: string | null; lower_id: string; total: number; first: boolean }[] };
  for (const bucket of rows) {
    await tx.execute(sql`delete from ${packageListBuckets} where id = ${bucket.id}`);
    await cutBuckets(tx, scope, order, bucket.first ? null : { value: bucket.value, id: bucket.lower_id }, bucket.total);
  }
}

/** The buckets of `order` from the scope's packages, counted in package_counts (the same snapshot). */
async function buildBuckets(tx: Queryable, scope: BucketScope, order: ListOrder): Promise<void> {
  const { rows } = (await tx.execute(sql`
    select coalesce(sum(${packageCounts.packages}), 0)::int as total from ${packageCounts}
    where ${packageCounts.accountId} = ${scope.accountId} and ${packageCounts.type} = 'PACKAGE' and ${packageCounts.ownerUserId} = ${scope.ownerUserId}
      and ${packageCounts.trashed} = ${scope.trashed} and ${packageCounts.status} <> 'DELETED'`)) as unknown as { rows: { total: number }[] };
  // An empty scope still gets its (empty) first bucket, so it counts as built.
  await cutBuckets(tx, scope, order, null, rows[0].total, true);
}

/**
 * Buckets of about `bucketRows` each (the same size, at least one bucket) for the `total`
 * packages of the scope from `from` (the list's start when null) in `order`.
 */
async function cutBuckets(tx: Queryable, scope: BucketScope, order: ListOrder, from: ListKey | null, total: number, keepEmpty = false): Promise<void> {
  const chunks = Math.max(1, Math.ceil(total / listBuckets.bucketRows));
  const lower = LOWER_COLUMNS[order.sort];
  const counts = sql.raw(PACKAGE_STATUSES.map((status) => `count(*) filter (where status = '${status}')`).join(", "));
  const rows = fromKeyRowsQuery(scopeWhere(scope), order, from, total);
  const inserted = (await tx.execute(sql`
    with numbered as (${rows}),
    chunked as (
      select sort_key, id, status, rn0 * ${chunks} / ${Math.max(total, 1)} as chunk,
             rn0 = 0 or rn0 * ${chunks} / ${Math.max(total, 1)} <> (rn0 - 1) * ${chunks} / ${Math.max(total, 1)} as starts
      from numbered)
    insert into ${packageListBuckets} (account_id, owner_user_id, trashed, list_order, ${lower}, lower_id, ${sql.raw(Object.values(STATUS_COLUMNS).join(", "))})
    select ${scope.accountId}, ${scope.ownerUserId}, ${scope.trashed}, ${orderName(order)},
           max(case when starts then sort_key end), max(case when starts then id end), ${counts}
    from chunked group by chunk
    returning id`)) as unknown as { rows: unknown[] };
  if (inserted.rows.length === 0 && keepEmpty) {
    await tx.insert(packageListBuckets).values({ accountId: scope.accountId, ownerUserId: scope.ownerUserId, trashed: scope.trashed, listOrder: orderName(order), lowerId: "" });
  }
}

/** The sweep's part: folds every scope with pending changes (a scope without buckets only drops them). */
export async function foldPendingListChanges(db: Db): Promise<void> {
  const { rows } = (await db.execute(
    sql`select distinct account_id, owner_user_id, trashed from ${packageListChanges}`,
  )) as unknown as { rows: { account_id: string; owner_user_id: string; trashed: boolean }[] };
  for (const row of rows) await maintainBuckets(db, { accountId: row.account_id, ownerUserId: row.owner_user_id, trashed: row.trashed });
}

