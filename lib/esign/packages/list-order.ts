import { sql, type SQL } from "drizzle-orm";
import { packages } from "@/lib/db/schema";
import type { LIST_SORTS } from "@/lib/api/packages";

/**
 * The orders of package lists as SQL: the API's order (the sort column ascending, nulls last, or
 * descending, nulls first; ties by id ascending), each exactly the order of a list index
 * (lib/db/schema.ts), and the index ranges pages and buckets are read from.
 */

export type ListSortColumn = (typeof LIST_SORTS)[number];
export interface ListOrder {
  sort: ListSortColumn;
  dir: "asc" | "desc";
}

export const SORT_COLUMNS = {
  created: packages.created,
  updated: packages.updated,
  name: packages.name,
  status: packages.status,
  due: packages.due,
} as const;

/** The SQL type a sort key is cast back to from its text form (timestamps keep their microseconds that way). */
const SORT_TYPES: Record<ListSortColumn, string> = { created: "timestamptz", updated: "timestamptz", name: "text", status: "text", due: "timestamptz" };
const NULLABLE: Record<ListSortColumn, boolean> = { created: false, updated: false, name: false, status: false, due: true };

/** A place in a list: a sort key as text (null for a package without a due date), and an id. */
export interface ListKey {
  value: string | null;
  id: string;
}

/** The list's ORDER BY; `reversed` is the same order read from the last row. */
export function listOrderBy(order: ListOrder, reversed = false): SQL {
  const column = SORT_COLUMNS[order.sort];
  const ascending = (order.dir === "asc") !== reversed;
  return sql`${column} ${sql.raw(ascending ? "asc nulls last" : "desc nulls first")}, ${packages.id} ${sql.raw(reversed ? "desc" : "asc")}`;
}

/** The first `limit` after `offset` rows. */
export function forwardIdsQuery(where: SQL, order: ListOrder, offset: number, limit: number): SQL {
  return sql`select ${packages.id} from ${packages} where ${where} order by ${listOrderBy(order)} limit ${limit} offset ${offset}`;
}

/** The `limit` rows that end `fromEnd` rows before the last. */
export function backwardIdsQuery(where: SQL, order: ListOrder, fromEnd: number, limit: number): SQL {
  return sql`select ${packages.id} from ${packages} where ${where} order by ${listOrderBy(order, true)} limit ${limit} offset ${fromEnd}`;
}

/**
 * The rows `where` from `from` (included) on in `order`, as unions of index ranges: those with
 * `from`'s sort key and an id at or after its id, then those with a sort key past it (then,
 * ascending, those without one). The part number keeps them in order. Each part answers `part`,
 * `sort_key`, `id` and `status`, at most `limit` rows.
 */
function fromKeyParts(where: SQL, order: ListOrder, from: ListKey, limit: number): SQL {
  const column = SORT_COLUMNS[order.sort];
  const key = sql`cast(${from.value} as ${sql.raw(SORT_TYPES[order.sort])})`;
  const ascending = order.dir === "asc";
  const sameKey = sql`${packages.id} >= ${from.id}`;
  const conditions: SQL[] = [];
  if (from.value === null) {
    conditions.push(sql`${column} is null and ${sameKey}`);
    if (!ascending) conditions.push(sql`${column} is not null`);
  } else {
    conditions.push(sql`${column} = ${key} and ${sameKey}`);
    conditions.push(ascending ? sql`${column} > ${key}` : sql`${column} < ${key}`);
    if (ascending && NULLABLE[order.sort]) conditions.push(sql`${column} is null`);
  }
  // Each part in the list's order (in the first, the key is one value, so that is by id): the
  // order of the index, which the planner then reads as a range, without sorting.
  const selects = conditions.map(
    (condition, part) =>
      sql`(select ${sql.raw(String(part))} as part, ${column} as sort_key, ${packages.id} as id, ${packages.status} as status from ${packages}
        where ${where} and ${condition} order by ${listOrderBy(order)} limit ${limit})`,
  );
  return sql.join(selects, sql` union all `);
}

function partsOrderBy(order: ListOrder): SQL {
  return sql`part, sort_key ${sql.raw(order.dir === "asc" ? "asc nulls last" : "desc nulls first")}, id asc`;
}

/** `limit` rows after skipping `skip` from `from` (included). */
export function fromKeyIdsQuery(where: SQL, order: ListOrder, from: ListKey, skip: number, limit: number): SQL {
  return sql`select id from (${fromKeyParts(where, order, from, skip + limit)}) as parts order by ${partsOrderBy(order)} limit ${limit} offset ${skip}`;
}

/**
 * The first `limit` rows `where` from `from` (the list's start when null) in `order`, numbered
 * from 0 (`rn0`), with `sort_key`, `id` and `status`: what buckets are cut from.
 */
export function fromKeyRowsQuery(where: SQL, order: ListOrder, from: ListKey | null, limit: number): SQL {
  if (from === null) {
    // Numbered as the index is read, and cut short by the limit (row_number needs no look-ahead).
    return sql`select ${SORT_COLUMNS[order.sort]} as sort_key, ${packages.id} as id, ${packages.status} as status,
      row_number() over (order by ${listOrderBy(order)}) - 1 as rn0
      from ${packages} where ${where} order by ${listOrderBy(order)} limit ${limit}`;
  }
  return sql`select sort_key, id, status, row_number() over (order by ${partsOrderBy(order)}) - 1 as rn0
    from (select * from (${fromKeyParts(where, order, from, limit)}) as parts order by ${partsOrderBy(order)} limit ${limit}) as limited`;
}
