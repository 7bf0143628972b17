import { sql, type SQL } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import { packageCounts, packages } from "@/lib/db/schema";
import type { LIST_SORTS } from "@/lib/api/packages";

/**
 * Which packages are on a page of a list, at any depth, for about what the first page costs.
 *
 * The order is the API's: the sort column ascending (nulls last) or descending (nulls first), ties
 * by id ascending; each folder order has an index that is exactly that order (lib/db/schema.ts).
 * A page near either end is an OFFSET from that end (walking the index backwards from the last
 * row, with the folder's count known). A page deep inside starts from an anchor: the sort key of
 * every `anchorStride`-th row of the list, found in one pass over the index and kept in memory
 * for as long as the list's version (package_counts, bumped by every write that moves a package
 * of the owner) stays the same; from the anchor, it seeks into the index and skips fewer than
 * `anchorStride` rows.
 */

export type ListSortColumn = (typeof LIST_SORTS)[number];
export interface ListOrder {
  sort: ListSortColumn;
  dir: "asc" | "desc";
}

/** Tunables (tests make them small to reach the deep-page paths with few packages). */
export const listPaging = {
  /** Pages starting within this many rows of either end are an OFFSET from that end. */
  nearEnd: 1000,
  /** One anchor every this many rows. */
  anchorStride: 500,
  /** Lists whose anchors are kept (least recently used go first). */
  cachedLists: 64,
};

const SORT_COLUMNS = {
  created: packages.created,
  updated: packages.updated,
  name: packages.name,
  status: packages.status,
  due: packages.due,
} as const;

/** The SQL type a sort key is cast back to from its text form (timestamps keep their microseconds that way). */
const SORT_TYPES: Record<ListSortColumn, string> = { created: "timestamptz", updated: "timestamptz", name: "text", status: "text", due: "timestamptz" };
const NULLABLE: Record<ListSortColumn, boolean> = { created: false, updated: false, name: false, status: false, due: true };

/** The list's ORDER BY; `reversed` is the same order read from the last row. */
export function listOrderBy(order: ListOrder, reversed = false): SQL {
  const column = SORT_COLUMNS[order.sort];
  const ascending = (order.dir === "asc") !== reversed;
  return sql`${column} ${sql.raw(ascending ? "asc nulls last" : "desc nulls first")}, ${packages.id} ${sql.raw(reversed ? "desc" : "asc")}`;
}

/** A folder of counted lists: its count and version come from package_counts, so its anchors can be cached. */
export interface CountedList {
  /** The list's identity in the anchor cache: subject, folder and order. */
  key: string;
  /** Its version, read with its count. */
  version: string;
  /** The package_counts rows whose `changes` sum to the version. */
  scope: SQL;
}

interface Anchor {
  /** The sort key as text (null for a package without a due date), and the id. */
  value: string | null;
  id: string;
}

interface CachedAnchors {
  version: string;
  stride: number;
  /** anchors[i] is the row at offset i × stride. */
  anchors: Anchor[];
}

const anchorCache = new Map<string, CachedAnchors>();

/**
 * A subquery answering the ids of the page `offset`..`offset + limit` of the packages `where`
 * (of which there are `count`) in `order`, or null when the page is past the end. `counted` lets a
 * deep page use anchors; without it, the page is an OFFSET from the nearer end.
 */
export async function pageIdsQuery(
  db: Queryable,
  args: { where: SQL; order: ListOrder; offset: number; limit: number; count: number; counted?: CountedList },
): Promise<SQL | null> {
  const { where, order, offset, limit, count, counted } = args;
  if (offset >= count || limit <= 0) return null;
  const end = Math.min(offset + limit, count);
  const fromEnd = count - end;
  if (offset <= listPaging.nearEnd) return forwardIdsQuery(where, order, offset, limit);
  if (fromEnd <= listPaging.nearEnd) return backwardIdsQuery(where, order, fromEnd, end - offset);
  if (counted) {
    const anchors = await anchorsOf(db, where, order, counted);
    const index = Math.floor(offset / anchors.stride);
    const anchor = anchors.anchors[index];
    // The anchors are of a newer version than the count when a write came between: then the
    // list may be shorter than the count says, and the page is found from the nearer end.
    if (anchor) return fromAnchorIdsQuery(where, order, anchor, offset - index * anchors.stride, limit);
  }
  return offset <= fromEnd ? forwardIdsQuery(where, order, offset, limit) : backwardIdsQuery(where, order, fromEnd, end - offset);
}

/** The first `limit` after `offset` rows. */
export function forwardIdsQuery(where: SQL, order: ListOrder, offset: number, limit: number): SQL {
  return sql`select ${packages.id} from ${packages} where ${where} order by ${listOrderBy(order)} limit ${limit} offset ${offset}`;
}

/** The `limit` rows that end `fromEnd` rows before the last. */
function backwardIdsQuery(where: SQL, order: ListOrder, fromEnd: number, limit: number): SQL {
  return sql`select ${packages.id} from ${packages} where ${where} order by ${listOrderBy(order, true)} limit ${limit} offset ${fromEnd}`;
}

/**
 * `limit` rows after skipping `skip` from `anchor` (included). The rows from an anchor on are, in
 * order: those with the anchor's sort key and an id not below its id, then those with a sort key
 * past it (then, ascending, those without one). Each part is a range of the order's index; the
 * part number keeps them in that order.
 */
function fromAnchorIdsQuery(where: SQL, order: ListOrder, anchor: Anchor, skip: number, limit: number): SQL {
  const column = SORT_COLUMNS[order.sort];
  const key = sql`cast(${anchor.value} as ${sql.raw(SORT_TYPES[order.sort])})`;
  const conditions: SQL[] = [];
  if (anchor.value === null) {
    conditions.push(sql`${column} is null and ${packages.id} >= ${anchor.id}`);
    if (order.dir === "desc") conditions.push(sql`${column} is not null`);
  } else {
    conditions.push(sql`${column} = ${key} and ${packages.id} >= ${anchor.id}`);
    conditions.push(order.dir === "asc" ? sql`${column} > ${key}` : sql`${column} < ${key}`);
    if (order.dir === "asc" && NULLABLE[order.sort]) conditions.push(sql`${column} is null`);
  }
  // Each part in the list's own order (in the first, the key is one value, so that is by id):
  // the order of the index, which the planner then reads as a range, without sorting.
  const selects = conditions.map(
    (condition, part) =>
      sql`(select ${sql.raw(String(part))} as part, ${column} as sort_key, ${packages.id} as id from ${packages}
        where ${where} and ${condition} order by ${listOrderBy(order)} limit ${skip + limit})`,
  );
  const nulls = order.dir === "asc" ? "asc nulls last" : "desc nulls first";
  return sql`select id from (${sql.join(selects, sql` union all `)}) as parts
    order by part, sort_key ${sql.raw(nulls)}, id limit ${limit} offset ${skip}`;
}

/** The cached anchors of the list, or new ones when its version moved (or it has none yet). */
async function anchorsOf(db: Queryable, where: SQL, order: ListOrder, counted: CountedList): Promise<CachedAnchors> {
  const cached = anchorCache.get(counted.key);
  if (cached && cached.version === counted.version && cached.stride === listPaging.anchorStride) {
    anchorCache.delete(counted.key);
    anchorCache.set(counted.key, cached);
    return cached;
  }
  const built = await buildAnchors(db, where, order, counted.scope);
  anchorCache.delete(counted.key);
  anchorCache.set(counted.key, built);
  while (anchorCache.size > listPaging.cachedLists) anchorCache.delete(anchorCache.keys().next().value!);
  return built;
}

/**
 * Every stride-th row's sort key, in one pass over the order's index, with the version they are
 * of: one statement, so one snapshot for both.
 */
async function buildAnchors(db: Queryable, where: SQL, order: ListOrder, scope: SQL): Promise<CachedAnchors> {
  const stride = listPaging.anchorStride;
  const column = SORT_COLUMNS[order.sort];
  // Both drivers answer raw SQL with `rows`.
  const { rows } = (await db.execute(sql`
    with version as (select coalesce(sum(${packageCounts.changes}), 0)::text as version from ${packageCounts} where ${scope}),
    positioned as (
      select ${column}::text as value, ${packages.id} as id, row_number() over (order by ${listOrderBy(order)}) - 1 as position
      from ${packages} where ${where})
    select version.version, positioned.value, positioned.id
    from version left join positioned on positioned.position % ${stride} = 0
    order by positioned.position`)) as unknown as { rows: { version: string; value: string | null; id: string | null }[] };
  return {
    version: rows[0].version,
    stride,
    anchors: rows.filter((row) => row.id !== null).map((row) => ({ value: row.value, id: row.id! })),
  };
}
