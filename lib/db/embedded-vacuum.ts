import type { Database } from "./client";

/**
 * Autovacuum's work, on the embedded database. PGlite runs PostgreSQL as one process without its
 * background workers, so nothing vacuums there: the rows every update and delete leave behind (the
 * lists' pending changes, the job queue's jobs, the packages' own rows) stay, tables grow for ever
 * and their scans slow, and rows never reach the visibility map that the lists' index-only scans
 * read. (Measured on PGlite 0.5: a table that had 20,000 rows inserted and deleted in each round
 * grew by 2.8 MB per round, none of it reused, until a VACUUM.)
 *
 * The sweep calls this every SWEEP_INTERVAL_SECONDS. On PGlite, each table past autovacuum's own
 * default thresholds is vacuumed or analyzed: dead rows above 50 + 20 % of its rows, or rows
 * inserted since its last vacuum above 1,000 + 20 % (vacuum), rows changed since its last analyze
 * above 50 + 10 % (analyze). One statement per table, so a request waits for one table at most on
 * PGlite's one connection. A PostgreSQL server runs autovacuum itself: nothing is done there.
 * PGlite's statistics start at zero with each start, as a server's do after a crash: rows left
 * behind before a start are counted again from the table's next changes.
 */
export async function vacuumEmbeddedDatabase(database: Pick<Database, "kind" | "executeSql">): Promise<TablesMaintained> {
  if (database.kind !== "pglite") return { vacuumed: [], analyzed: [] };
  const { rows } = (await database.executeSql(DUE_TABLES)) as { rows: DueTable[] };
  const maintained: TablesMaintained = { vacuumed: [], analyzed: [] };
  for (const table of rows) {
    await database.executeSql(maintenanceOf(table));
    if (table.vacuum) maintained.vacuumed.push(table.name);
    if (table.analyze) maintained.analyzed.push(table.name);
  }
  return maintained;
}

function maintenanceOf(table: DueTable): string {
  if (!table.vacuum) return `analyze ${table.name}`;
  return table.analyze ? `vacuum (analyze) ${table.name}` : `vacuum ${table.name}`;
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

/** The tables past a threshold; a table's rows as its last vacuum or analyze counted them (-1 before any: none). */
const DUE_TABLES = `
  select format('%I.%I', s.schemaname, s.relname) as name,
         (s.n_dead_tup > 50 + 0.2 * greatest(c.reltuples, 0) or s.n_ins_since_vacuum > 1000 + 0.2 * greatest(c.reltuples, 0)) as vacuum,
         s.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0) as analyze
  from pg_stat_user_tables s join pg_class c on c.oid = s.relid
  where s.n_dead_tup > 50 + 0.2 * greatest(c.reltuples, 0)
     or s.n_ins_since_vacuum > 1000 + 0.2 * greatest(c.reltuples, 0)
     or s.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0)
  order by s.schemaname, s.relname`;
