import { createHash } from "node:crypto";
import { type SQL, sql } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";

/**
 * Table rows as text, the same on PGlite and on a PostgreSQL server: each row is read as
 * `to_json(row)` and written back with `json_populate_recordset`, so every value (microseconds of
 * timestamps, bytea, jsonb, arrays) makes the round trip through PostgreSQL's own text forms, never
 * through JavaScript types. A table's digest is the SHA-256 of its rows' JSON lines in primary-key
 * order (byte order for text keys, whatever the server's collation), computed the same way on both
 * sides: equal digests mean equal rows. The move, the backup and the restore are built on these.
 */

export interface KeyColumn {
  name: string;
  /** As the catalog writes it (`text`, `bigint`, `timestamp(3) with time zone`): the cast of a key value given as text. */
  type: string;
  /** Text-like: ordered by bytes (COLLATE "C"), so both sides order them alike. */
  collatable: boolean;
}

export interface Table {
  name: string;
  columns: string[];
  key: KeyColumn[];
  /** Tables this one refers to by foreign key (copied before it). */
  dependsOn: string[];
  /** Has a bytea column (signature images of up to 1 MB): read and written a few rows at a time. */
  holdsBytes: boolean;
}

/** A row of a table with bytes may be a megabyte, twice that as hex in JSON: this many keep a batch within tens of megabytes. */
const ROWS_WITH_BYTES_PER_BATCH = 16;

/** The rows per batch of `table`, given the rows per batch asked for. */
export function batchRowsOf(table: Table, batchRows: number): number {
  return table.holdsBytes ? Math.min(batchRows, ROWS_WITH_BYTES_PER_BATCH) : batchRows;
}

/**
 * The `blobs` and `blob_chunks` tables are the document store of PostgreSQL deployments: documents
 * are copied through the stores (documents.ts), so that they land where the target reads them (the
 * tables or S3).
 * `package_counts` has no key: triggers on `packages` keep it, on the target too, as its rows arrive
 * (compared by the counts it answers, `packageCountsDigest`). The list buckets are built again on
 * the target when first read, and its triggers write `package_list_changes` as packages arrive.
 * `blob_write_intents` lives for the moments a write takes: none concerns the target.
 * `package_list_texts` is a cache of list pages' JSON, read only while its rows' transaction ids
 * are those it was built from: it is left empty on the target, whose lists build it again.
 */
const NOT_COPIED_AS_ROWS = new Set([
  "blobs",
  "blob_chunks",
  "blob_write_intents",
  "package_counts",
  "package_list_buckets",
  "package_list_changes",
  "package_list_scopes",
  "package_list_texts",
]);

export async function rowsOf<Row>(db: Queryable, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

/** Fixes the session settings row text depends on (time zone of timestamps, float digits), for the transaction. */
export async function useCanonicalText(tx: Queryable): Promise<void> {
  await tx.execute(
    sql`select set_config('TimeZone', 'UTC', true), set_config('extra_float_digits', '1', true), set_config('DateStyle', 'ISO, YMD', true), set_config('IntervalStyle', 'postgres', true), set_config('bytea_output', 'hex', true)`,
  );
}

/** The application's tables of `schema`, those that refer to others after them. */
export async function describeTables(tx: Queryable, schema = "public"): Promise<Table[]> {
  const rows = await rowsOf<{ name: string; columns: string; key: string | null; depends_on: string | null; holds_bytes: boolean | string }>(
    tx,
    sql`
      select c.relname as name,
        (select json_agg(a.attname order by a.attnum)::text from pg_attribute a
          where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = '') as columns,
        (select json_agg(json_build_object('name', a.attname, 'type', format_type(a.atttypid, a.atttypmod), 'collatable', a.attcollation <> 0)
            order by array_position(i.indkey::int2[], a.attnum))::text
          from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
          where i.indrelid = c.oid and i.indisprimary) as key,
        (select json_agg(distinct r.relname)::text from pg_constraint f join pg_class r on r.oid = f.confrelid
          where f.conrelid = c.oid and f.contype = 'f' and f.confrelid <> c.oid) as depends_on,
        exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.atttypid = 'bytea'::regtype) as holds_bytes
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = ${schema} and c.relkind in ('r', 'p')
      order by c.relname`,
  );
  const tables: Table[] = [];
  for (const row of rows) {
    if (NOT_COPIED_AS_ROWS.has(row.name)) continue;
    if (!row.key) throw new Error(`Table ${row.name} has no primary key: it cannot be copied in order`);
    tables.push({
      name: row.name,
      columns: JSON.parse(row.columns),
      key: JSON.parse(row.key),
      dependsOn: row.depends_on ? JSON.parse(row.depends_on) : [],
      holdsBytes: String(row.holds_bytes) === "true",
    });
  }
  return inDependencyOrder(tables);
}

function inDependencyOrder(tables: Table[]): Table[] {
  const byName = new Map(tables.map((table) => [table.name, table]));
  const ordered: Table[] = [];
  const state = new Map<string, "visiting" | "done">();
  const visit = (table: Table) => {
    if (state.get(table.name) === "done") return;
    if (state.get(table.name) === "visiting") throw new Error(`Foreign keys form a cycle through ${table.name}`);
    state.set(table.name, "visiting");
    for (const name of table.dependsOn) {
      const dependency = byName.get(name);
      if (dependency) visit(dependency);
    }
    state.set(table.name, "done");
    ordered.push(table);
  };
  tables.forEach(visit);
  return ordered;
}

const tableName = (table: Table) => sql`${sql.identifier("public")}.${sql.identifier(table.name)}`;
const keyColumn = (column: KeyColumn) => (column.collatable ? sql`${sql.identifier(column.name)} collate "C"` : sql`${sql.identifier(column.name)}`);
const keyValue = (column: KeyColumn, value: string) => sql`${value}::${sql.raw(column.type)}${column.collatable ? sql.raw(` collate "C"`) : sql``}`;

export interface Batch {
  /** `to_json(row)` of each row, in key order. */
  rows: string[];
  /** The key of the last row, as text: where the next batch starts. */
  lastKey: string[] | null;
}

/** Up to `batchRows` rows (fewer for a table with bytes) after `after` (a key as text; null: from the first), in key order. */
export async function readBatch(tx: Queryable, table: Table, after: string[] | null, batchRows: number): Promise<Batch> {
  const limit = batchRowsOf(table, batchRows);
  const keys = sql.join(table.key.map(keyColumn), sql`, `);
  const where = after ? sql`where (${keys}) > (${sql.join(table.key.map((column, i) => keyValue(column, after[i])), sql`, `)})` : sql``;
  const keyTexts = sql.join(
    table.key.map((column, i) => sql`${sql.identifier(column.name)}::text as ${sql.identifier(`k${i}`)}`),
    sql`, `,
  );
  const rows = await rowsOf<Record<string, string>>(tx, sql`select to_json(t)::text as row, ${keyTexts} from ${tableName(table)} t ${where} order by ${keys} limit ${limit}`);
  const last = rows.at(-1);
  return { rows: rows.map((row) => row.row), lastKey: last ? table.key.map((_, i) => last[`k${i}`]) : null };
}

/** The key of the table's last row, as text; null when it is empty. */
export async function lastKeyOf(tx: Queryable, table: Table): Promise<string[] | null> {
  const keys = sql.join(
    table.key.map((column) => sql`${keyColumn(column)} desc`),
    sql`, `,
  );
  const texts = sql.join(
    table.key.map((column, i) => sql`${sql.identifier(column.name)}::text as ${sql.identifier(`k${i}`)}`),
    sql`, `,
  );
  const [row] = await rowsOf<Record<string, string>>(tx, sql`select ${texts} from ${tableName(table)} order by ${keys} limit 1`);
  return row ? table.key.map((_, i) => row[`k${i}`]) : null;
}

/** Inserts rows given as `to_json(row)` texts; a row whose key is there already is left as it is (a run again after a stop). */
export async function writeRows(tx: Queryable, table: Table, rows: string[]): Promise<void> {
  if (rows.length === 0) return;
  const columns = sql.join(
    table.columns.map((name) => sql.identifier(name)),
    sql`, `,
  );
  await tx.execute(sql`insert into ${tableName(table)} (${columns}) select ${columns} from json_populate_recordset(null::${tableName(table)}, ${`[${rows.join(",")}]`}::json) on conflict do nothing`);
}

export interface Digest {
  rows: number;
  sha256: string;
}

/** Calls `each` with every batch of the table in key order, and answers its digest. */
export async function scanTable(tx: Queryable, table: Table, batchRows: number, each?: (rows: string[]) => Promise<void> | void): Promise<Digest> {
  const hash = createHash("sha256");
  let count = 0;
  let after: string[] | null = null;
  for (;;) {
    const batch = await readBatch(tx, table, after, batchRows);
    if (batch.rows.length === 0) break;
    for (const row of batch.rows) hash.update(`${row}\n`);
    count += batch.rows.length;
    await each?.(batch.rows);
    after = batch.lastKey;
  }
  return { rows: count, sha256: hash.digest("hex") };
}

/** The folders' counts `package_counts` answers (its sums per folder), whatever rows the triggers wrote them in. */
export async function packageCountsDigest(tx: Queryable): Promise<string> {
  const rows = await rowsOf<{ line: string }>(
    tx,
    sql`select concat_ws('|', account_id, owner_user_id, type, status, trashed, visibility, sum(packages)) as line from package_counts
        group by account_id, owner_user_id, type, status, trashed, visibility having sum(packages) <> 0
        order by account_id collate "C", owner_user_id collate "C", type collate "C", status collate "C", trashed, visibility collate "C"`,
  );
  return createHash("sha256")
    .update(rows.map((row) => row.line).join("\n"))
    .digest("hex");
}

export interface SequenceValue {
  name: string;
  value: string;
  called: boolean;
}

/** Every sequence of `public` (bigserial keys, file numbers) with its position. */
export async function readSequences(tx: Queryable): Promise<SequenceValue[]> {
  const names = await rowsOf<{ name: string }>(
    tx,
    sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind = 'S' order by c.relname`,
  );
  const values: SequenceValue[] = [];
  for (const { name } of names) {
    const [row] = await rowsOf<{ value: string; called: boolean }>(tx, sql`select last_value::text as value, is_called as called from ${sql.identifier("public")}.${sql.identifier(name)}`);
    values.push({ name, value: row.value, called: row.called === true || String(row.called) === "true" });
  }
  return values;
}

export async function writeSequences(tx: Queryable, sequences: SequenceValue[]): Promise<void> {
  for (const sequence of sequences) {
    await tx.execute(sql`select setval(${`public.${sequence.name}`}::regclass, ${sequence.value}::bigint, ${sequence.called}::boolean)`);
  }
}

/**
 * Jobs of the queue (pg-boss) not done yet: waiting, to retry, or running when the instance
 * stopped (pg-boss gives those to a worker again once they expire, as after a crash). Finished
 * jobs and the archive are history the service does not read, and are left behind.
 */
export async function readPendingJobs(tx: Queryable, jobSchema: string): Promise<string[]> {
  const rows = await rowsOf<{ row: string }>(
    tx,
    sql`select to_json(j)::text as row from ${sql.identifier(jobSchema)}.job j where state in ('created', 'retry', 'active') order by name collate "C", id`,
  );
  return rows.map((row) => row.row);
}

export async function writeJobs(tx: Queryable, jobSchema: string, jobs: string[]): Promise<void> {
  if (jobs.length === 0) return;
  const table = sql`${sql.identifier(jobSchema)}.job`;
  const [{ columns }] = await rowsOf<{ columns: string }>(
    tx,
    sql`select json_agg(a.attname order by a.attnum)::text as columns from pg_attribute a where a.attrelid = ${`${jobSchema}.job`}::regclass and a.attnum > 0 and not a.attisdropped`,
  );
  const list = sql.join(
    (JSON.parse(columns) as string[]).map((name) => sql.identifier(name)),
    sql`, `,
  );
  await tx.execute(sql`insert into ${table} (${list}) select ${list} from json_populate_recordset(null::${table}, ${`[${jobs.join(",")}]`}::json) on conflict do nothing`);
}

/** How many of the jobs (as read by readPendingJobs) the queue holds, in any state. */
export async function countJobsPresent(tx: Queryable, jobSchema: string, jobs: string[]): Promise<number> {
  if (jobs.length === 0) return 0;
  const ids = jobs.map((job) => (JSON.parse(job) as { id: string }).id);
  const [row] = await rowsOf<{ count: number }>(tx, sql`select count(*)::int as count from ${sql.identifier(jobSchema)}.job where id = any(${`{${ids.join(",")}}`}::uuid[])`);
  return Number(row.count);
}
