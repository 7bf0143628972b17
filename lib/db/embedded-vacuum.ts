import { logger } from "@/lib/observability/logger";
import type { Database } from "./client";

/**
 * Autovacuum's work, on the embedded database. PGlite runs PostgreSQL as one process without its
 * background workers, so nothing vacuums there: the rows every update and delete leave behind (the
 * lists' pending changes, the folders' counts, a create's blob write intent, the packages' own
 * rows) stay, tables grow for ever and their scans slow, rows never reach the visibility map that
 * the lists' index-only scans read, and old transaction ids are never frozen. (Measured on PGlite
 * 0.5: a table that had 20,000 rows inserted and deleted in each round grew by 2.8 MB per round,
 * none of it reused, until a VACUUM.)
 *
 * The sweep calls this every SWEEP_INTERVAL_SECONDS. On PGlite, each table (the system catalogs
 * too) past autovacuum's default thresholds, in their plain form, is vacuumed or analyzed: dead
 * rows above 50 + 20 % of its rows, rows inserted since its last vacuum above 1,000 + 20 %, or its
 * oldest unfrozen transaction id older than autovacuum_freeze_max_age (vacuum); rows changed since
 * its last analyze above 50 + 10 % (analyze). One statement per table: on PGlite's one connection a
 * request waits for the table being vacuumed, a few milliseconds for the tables writes churn,
 * longer for a large table after a bulk load. A table that fails (dropped meanwhile) is logged and
 * the others go on. A PostgreSQL server runs autovacuum itself: nothing is done there. PGlite's
 * statistics start at zero with each start, as a server's do after a crash: rows left behind
 * before a start are counted again from the table's next changes.
 */
export async function vacuumEmbeddedDatabase(database: Pick<Database, "kind" | "executeSql">): Promise<TablesMaintained> {
  const maintained: TablesMaintained = { vacuumed: [], analyzed: [] };
  if (database.kind !== "pglite") return maintained;
  const { rows } = (await database.executeSql(DUE_TABLES)) as { rows: DueTable[] };
  for (const table of rows) {
    try {
      await database.executeSql(maintenanceOf(table));
    } catch (error) {
      logger().warn({ err: error, table: table.name }, "an embedded database table could not be vacuumed");
      continue;
    }
    if (table.vacuum) maintained.vacuumed.push(table.name);
    if (table.analyze) maintained.analyzed.push(table.name);
  }
  return maintained;
}

export interface TablesMaintained {
  /** Quoted `schema.table` names, as the statements named them. */
  vacuumed: string[];
  analyzed: string[];
}

interface DueTable {
  name: string;
  vacuum: boolean;
  analyze: boolean;
}

function maintenanceOf(table: DueTable): string {
  if (!table.vacuum) return `analyze ${table.name}`;
  return table.analyze ? `vacuum (analyze) ${table.name}` : `vacuum ${table.name}`;
}

/**
 * The tables past a threshold; a table's rows as its last vacuum or analyze counted them (-1
 * before any: none). TOAST tables are vacuumed with their table.
 */
const DUE_TABLES = `
  with counted as (
    select format('%I.%I', s.schemaname, s.relname) as name, greatest(c.reltuples, 0) as counted_rows,
           s.n_dead_tup, s.n_ins_since_vacuum, s.n_mod_since_analyze,
           age(c.relfrozenxid) > current_setting('autovacuum_freeze_max_age')::bigint as unfrozen_too_long
    from pg_stat_all_tables s join pg_class c on c.oid = s.relid
    where s.schemaname not in ('pg_toast', 'information_schema') and c.relkind in ('r', 'm')),
  judged as (
    select name,
           n_dead_tup > 50 + 0.2 * counted_rows or n_ins_since_vacuum > 1000 + 0.2 * counted_rows or unfrozen_too_long as vacuum_due,
           n_mod_since_analyze > 50 + 0.1 * counted_rows as analyze_due
    from counted)
  select name, vacuum_due as "vacuum", analyze_due as "analyze" from judged where vacuum_due or analyze_due order by name`;
