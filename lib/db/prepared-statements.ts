import { createHash } from "node:crypto";
import { getTableColumns, is, sql, type SQL } from "drizzle-orm";
import { PgDialect, PgTransaction, type PgTable } from "drizzle-orm/pg-core";
import type { Queryable } from "./client";
import { isStalePreparedStatement } from "./errors";

const dialect = new PgDialect({ casing: "snake_case" });

/**
 * Texts this process names, at most MAX_NAMED_TEXTS: every connection keeps each statement it
 * prepared, with its plan (about 130 KB for a list page's read), until it closes, and a folder's
 * statuses are the client's choice, so the texts are not a fixed few. Past the bound, texts run
 * unprepared on PostgreSQL (PGlite's client names every statement itself, within its own bound).
 */
const namedTexts = new Set<string>();
const MAX_NAMED_TEXTS = 100;

/**
 * Goes into every name: a stale statement (below) moves it on, so that no connection runs a name it
 * prepared before the migration again. A transaction's connection goes back to the pool without
 * being closed, stale statements and all; with the old names it would fail each time.
 */
let generation = 0;

/** A statement's name: a hash of its text, so that one name never stands for two texts; none past the bound. */
function statementName(text: string): string | undefined {
  const name = `signet_${createHash("sha256").update(`${generation}\n${text}`).digest("base64url").slice(0, 20)}`;
  if (!namedTexts.has(name)) {
    if (namedTexts.size >= MAX_NAMED_TEXTS) return undefined;
    namedTexts.add(name);
  }
  return name;
}

function forgetStaleNames(): void {
  generation++;
  namedTexts.clear();
}

/** Begins a text to be planned with its values at every run: PGliteWithNamedStatements leaves a text that begins with a comment unnamed. */
export const PLANNED_WITH_ITS_VALUES = "/* planned with its values */ ";

/**
 * The rows of `query` as arrays of column values, as the driver reads them (timestamps as text),
 * run as a named prepared statement on PostgreSQL: each pooled connection parses a statement's
 * text once, and after five executions PostgreSQL plans it once too (its generic plan, when that
 * is estimated no worse than planning each time, as for the lists' statements), then only binds
 * its values. For the statements every list page runs, whose texts repeat per folder and order:
 * planning the page's read (its roles and documents gathered per package) cost PostgreSQL 1.0 to
 * 1.6 ms a page. (Drizzle's PGlite driver ignores the name: PGliteWithNamedStatements names every
 * read itself.) `prepare: false` runs a text unnamed, on either database: for texts whose plan
 * should see their values (a search's pattern).
 *
 * PostgreSQL refuses a prepared statement whose result columns changed type since (a migration by
 * another instance): then every name moves on. Outside a transaction the read runs again
 * unprepared (and pg-pool closes the connection that failed); inside one, the refusal aborted it,
 * so the error goes to the caller. (On PGlite the client has run it again already, outside a
 * transaction: PGliteWithNamedStatements.)
 */
export async function preparedRows(db: Queryable, query: SQL, { prepare = true } = {}): Promise<unknown[][]> {
  const built = dialect.sqlToQuery(prepare ? query : sql`${sql.raw(PLANNED_WITH_ITS_VALUES)}${query}`);
  const run = (name: string | undefined) =>
    db._.session.prepareQuery<{ execute: unknown[][]; all: unknown; values: unknown }>(built, undefined, name, true, (rows: unknown[][]) => rows).execute();
  try {
    return await run(prepare ? statementName(built.sql) : undefined);
  } catch (error) {
    if (!isStalePreparedStatement(error)) throw error;
    forgetStaleNames();
    if (is(db, PgTransaction)) throw error;
    return run(undefined);
  }
}

/** A table's columns in the schema's order, and their select list: a whole row among preparedRows' values (tableRowOf). */
export function tableColumnsOf(table: PgTable) {
  const columns = Object.entries(getTableColumns(table));
  return { columns, selectList: sql.join(columns.map(([, column]) => column), sql`, `) };
}

/**
 * The row whose columns (tableColumnsOf) lead `values`, decoded as Drizzle would; with
 * `timestampsAsText`, timestamps stay the database's text (for the wire: wireDate).
 */
export function tableRowOf({ columns }: ReturnType<typeof tableColumnsOf>, values: unknown[], { timestampsAsText = false } = {}): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  columns.forEach(([key, column], index) => {
    const value = values[index];
    row[key] = value === null || (timestampsAsText && column.dataType === "date") ? value : column.mapFromDriverValue(value);
  });
  return row;
}
