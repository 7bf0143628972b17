import { createHash } from "node:crypto";
import { getTableColumns, is, sql, type SQL } from "drizzle-orm";
import { DrizzleQueryError } from "drizzle-orm/errors";
import { PgDialect, PgTransaction, type PgTable } from "drizzle-orm/pg-core";
import type { Queryable } from "./client";
import { isStalePreparedStatement } from "./errors";

const dialect = new PgDialect({ casing: "snake_case" });

/**
 * Texts this process names, at most MAX_NAMED_TEXTS: every connection keeps each statement it
 * prepared, with its plan (about 130 KB for a list page's read), until it closes, and a folder's
 * statuses are the client's choice, so the texts are not a fixed few. Past the bound, texts run
 * unprepared.
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

/**
 * A database client that runs named prepared statements itself: PGlite and its transactions, which
 * Drizzle's driver runs unnamed (lib/db/pglite-named-statements.ts, loaded with PGlite only).
 */
export interface NamedStatementRunner {
  queryNamed(name: string, text: string, params: unknown[]): Promise<unknown[][]>;
}

/** The driver's client under Drizzle: PGlite (or one of its transactions) or a pg pool (or its connection). */
function clientOf(db: Queryable): unknown {
  return (db._.session as unknown as { client: unknown }).client;
}

function runsNamedStatements(client: unknown): client is NamedStatementRunner {
  return typeof (client as Partial<NamedStatementRunner> | null)?.queryNamed === "function";
}

/** PGlite's client (PGliteWithNamedStatements): it runs a text by the name Drizzle prepared it with, which Drizzle's driver does not. */
export interface TextNamer {
  runByName(text: string, name: string): void;
}

function namesTexts(client: unknown): client is TextNamer {
  return typeof (client as Partial<TextNamer> | null)?.runByName === "function";
}

/**
 * Drizzle's `query.prepare(name)`, run by that name on either database: on PostgreSQL each pooled
 * connection prepares it at its first use; on PGlite, whose Drizzle driver would parse and plan it
 * on every call, the client is told to run its text by the name.
 */
export function preparedWithName<Prepared>(db: Queryable, query: { toSQL(): { sql: string }; prepare(name: string): Prepared }, name: string): Prepared {
  const client = clientOf(db);
  if (namesTexts(client)) client.runByName(query.toSQL().sql, name);
  return query.prepare(name);
}

/**
 * The rows of `query` as arrays of column values, as the driver reads them (timestamps as text),
 * run as a named prepared statement on PostgreSQL: each pooled connection parses a statement's
 * text once, and after five executions PostgreSQL plans it once too (its generic plan, when that
 * is estimated no worse than planning each time, as for the lists' statements), then only binds
 * its values. For the statements every list page runs, whose texts repeat per folder and order:
 * planning the page's read (its roles and documents gathered per package) cost PostgreSQL 1.0 to
 * 1.6 ms a page. PGlite's own driver has no named statements: there they run through
 * PGliteWithNamedStatements (NamedStatementRunner). `prepare: false` runs a text
 * unnamed: for texts whose plan should see their values (a search's pattern).
 *
 * PostgreSQL refuses a prepared statement whose result columns changed type since (a migration by
 * another instance): then every name moves on. Outside a transaction the read runs again
 * unprepared (and pg-pool closes the connection that failed); inside one, the refusal aborted it,
 * so the error goes to the caller.
 */
export async function preparedRows(db: Queryable, query: SQL, { prepare = true } = {}): Promise<unknown[][]> {
  const built = dialect.sqlToQuery(query);
  const client = clientOf(db);
  const run = (name: string | undefined) =>
    name && runsNamedStatements(client)
      ? client.queryNamed(name, built.sql, built.params).catch((error: unknown) => {
          throw new DrizzleQueryError(built.sql, built.params, error as Error); // as Drizzle reports a failed query
        })
      : db._.session.prepareQuery<{ execute: unknown[][]; all: unknown; values: unknown }>(built, undefined, name, true, (rows: unknown[][]) => rows).execute();
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
