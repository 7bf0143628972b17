import { getTableColumns } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Queryable } from "./client";

/** PostgreSQL takes at most 65,535 bound parameters in one statement. */
const MAX_PARAMETERS = 65_535;

/**
 * Inserts rows in as many statements as the parameter limit needs (one per column per row), so
 * that a document with thousands of fields is stored, in the caller's transaction.
 */
export async function insertRows<T extends PgTable>(db: Queryable, table: T, rows: T["$inferInsert"][]): Promise<void> {
  const perStatement = Math.max(1, Math.floor(MAX_PARAMETERS / Object.keys(getTableColumns(table)).length));
  for (let start = 0; start < rows.length; start += perStatement) {
    await db.insert(table).values(rows.slice(start, start + perStatement));
  }
}
