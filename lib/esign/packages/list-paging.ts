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
 * every `anchorStride`-th row counted from the nearer end, found by walking the index from that
 * end (as deep as the page, and twice that ahead) and kept in memory for as long as the list's
 * version (package_counts, bumped by every write that moves a package of the owner) stays the
 * same; from the anchor, it seeks into the index and skips fewer than `anchorStride` rows. So a
 * deep page costs what the first does, except the first deep page after a write, which walks up
 * to half the list once.
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

/** Anchors counted from one end of the list: anchors[i] is the row i × stride rows from it. */
interface AnchorRun {
  anchors: Anchor[];
  /** Whether they reach the other end (no anchor past the last one). */
  complete: boolean;
}

interface CachedAnchors {
  version: string;
  stride: number;
  fromStart: AnchorRun;
  /** From the last row, in the list's order read backwards. */
  fromEnd: AnchorRun;
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
  // Deep: from an anchor counted from the nearer end (so at most half the list is ever walked to
  // find anchors), read in that direction.
  const backwards = fromEnd < offset;
  const skipped = backwards ? fromEnd : offset;
  if (counted) {
    const { anchors, stride } = await anchorsOf(db, where, order, counted, backwards, skipped, count);
    const index = Math.floor(skipped / stride);
    const anchor = anchors[index];
    // Missing when a write came between the count and the anchors and the list is now shorter.
    if (anchor) return fromAnchorIdsQuery(where, order, backwards, anchor, skipped - index * stride, end - offset);
  }
  return backwards ? backwardIdsQuery(where, order, fromEnd, end - offset) : forwardIdsQuery(where, order, offset, limit);
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
 * `limit` rows after skipping `skip` from `anchor` (included), reading the list forwards or
 * `backwards`. The rows from an anchor on are, in the reading order: those with the anchor's sort
 * key and an id on the anchor's side, then those with a sort key past it (then, ascending, those
 * without one). Each part is a range of the order's index; the part number keeps them in order.
 */
function fromAnchorIdsQuery(where: SQL, order: ListOrder, backwards: boolean, anchor: Anchor, skip: number, limit: number): SQL {
  const column = SORT_COLUMNS[order.sort];
  const key = sql`cast(${anchor.value} as ${sql.raw(SORT_TYPES[order.sort])})`;
  const ascending = (order.dir === "asc") !== backwards;
  const sameKey = sql`${packages.id} ${sql.raw(backwards ? "<=" : ">=")} ${anchor.id}`;
  const conditions: SQL[] = [];
  if (anchor.value === null) {
    conditions.push(sql`${column} is null and ${sameKey}`);
    if (!ascending) conditions.push(sql`${column} is not null`);
  } else {
    conditions.push(sql`${column} = ${key} and ${sameKey}`);
    conditions.push(ascending ? sql`${column} > ${key}` : sql`${column} < ${key}`);
    if (ascending && NULLABLE[order.sort]) conditions.push(sql`${column} is null`);
  }
  // Each part in the reading order (in the first, the key is one value, so that is by id): the
  // order of the index, which the planner then reads as a range, without sorting.
  const reading = listOrderBy(order, backwards);
  const selects = conditions.map(
    (condition, part) =>
      sql`(select ${sql.raw(String(part))} as part, ${column} as sort_key, ${packages.id} as id from ${packages}
        where ${where} and ${condition} order by ${reading} limit ${skip + limit})`,
  );
  const keyOrder = ascending ? "asc nulls last" : "desc nulls first";
  return sql`select id from (${sql.join(selects, sql` union all `)}) as parts
    order by part, sort_key ${sql.raw(keyOrder)}, id ${sql.raw(backwards ? "desc" : "asc")} limit ${limit} offset ${skip}`;
}

/**
 * Anchors from one end of the list, at least as far as the one at or before `skipped` rows from
 * it: the cached ones while the list's version holds, else found anew (twice as deep as asked,
 * so paging on deeper does not find them again at every stride, but never past the middle of the
 * `count` rows: deeper pages are nearer the other end).
 */
async function anchorsOf(
  db: Queryable,
  where: SQL,
  order: ListOrder,
  counted: CountedList,
  backwards: boolean,
  skipped: number,
  count: number,
): Promise<{ anchors: Anchor[]; stride: number }> {
  const stride = listPaging.anchorStride;
  let cached = anchorCache.get(counted.key);
  if (!cached || cached.version !== counted.version || cached.stride !== stride) {
    cached = { version: counted.version, stride, fromStart: { anchors: [], complete: false }, fromEnd: { anchors: [], complete: false } };
  }
  anchorCache.delete(counted.key);
  anchorCache.set(counted.key, cached);
  while (anchorCache.size > listPaging.cachedLists) anchorCache.delete(anchorCache.keys().next().value!);

  const index = Math.floor(skipped / stride);
  const run = backwards ? cached.fromEnd : cached.fromStart;
  if (run.complete || run.anchors.length > index) return { anchors: run.anchors, stride };
  const wanted = Math.max(index + 1, Math.min(2 * index + 2, Math.ceil(count / 2 / stride) + 1));
  const found = await findAnchors(db, where, order, backwards, counted.scope, stride, wanted);
  // Found in a newer version than the count's (a write came between): cached under that one.
  if (found.version !== null && found.version !== cached.version) {
    cached = { version: found.version, stride, fromStart: { anchors: [], complete: false }, fromEnd: { anchors: [], complete: false } };
    anchorCache.set(counted.key, cached);
  }
  const fresh = { anchors: found.anchors, complete: found.complete };
  if (backwards) cached.fromEnd = fresh;
  else cached.fromStart = fresh;
  return { anchors: found.anchors, stride };
}

/**
 * The first `wanted` anchors from one end: the sort key of every stride-th row, in one pass over
 * the order's index that stops at the last one wanted, with the version they are of (one
 * statement, so one snapshot for both).
 */
async function findAnchors(
  db: Queryable,
  where: SQL,
  order: ListOrder,
  backwards: boolean,
  scope: SQL,
  stride: number,
  wanted: number,
): Promise<{ version: string | null; anchors: Anchor[]; complete: boolean }> {
  const column = SORT_COLUMNS[order.sort];
  // No ORDER BY over the positions (that would sort the whole list): rows leave the window in its
  // order, and any anchor that did not (say, under a parallel plan) is dropped below.
  const { rows } = (await db.execute(sql`
    select (select coalesce(sum(${packageCounts.changes}), 0)::text from ${packageCounts} where ${scope}) as version,
           positioned.value, positioned.id, positioned.position::int as position
    from (
      select ${column}::text as value, ${packages.id} as id, row_number() over (order by ${listOrderBy(order, backwards)}) - 1 as position
      from ${packages} where ${where}) as positioned
    where positioned.position % ${stride} = 0
    limit ${wanted}`)) as unknown as { rows: { version: string; value: string | null; id: string; position: number }[] };
  const sorted = [...rows].sort((a, b) => a.position - b.position);
  const anchors: Anchor[] = [];
  for (const row of sorted) {
    if (row.position !== anchors.length * stride) break;
    anchors.push({ value: row.value, id: row.id });
  }
  // Fewer rows than wanted: the list ended. An empty list answers no row, so no version either.
  return { version: rows[0]?.version ?? null, anchors, complete: rows.length < wanted && anchors.length === rows.length };
}
