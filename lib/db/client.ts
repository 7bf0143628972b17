import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { config } from "@/lib/config";
import type * as schema from "./schema";
import type { SqlExecutor } from "./sql-executor";

export type { SqlExecutor };

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** Anything that can run a query: the database or an open transaction. */
export type Queryable = Db | Tx;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** The connection string of a PostgreSQL server; empty for PGlite. */
  url: string;
  /** Raw SQL on the database's own connection(s), for the job queue (pg-boss) on PGlite. */
  executeSql: SqlExecutor;
  /**
   * Calls `onMessage` with the payload of each NOTIFY on `channel` (delivered when the notifying
   * transaction commits); answers a function that stops listening.
   */
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** DATABASE_URL: empty for PGlite in DATA_DIR, `memory://` for a throwaway PGlite, or postgres://. */
export function openDatabase(): Promise<Database> {
  const { databaseUrl, dataDir } = config();
  // Each driver loads with its database: an instance on PostgreSQL never loads PGlite, nor one on PGlite pg's Drizzle driver.
  if (databaseUrl.startsWith("postgres://") || databaseUrl.startsWith("postgresql://")) return import("./open-postgres").then(({ openPostgres }) => openPostgres(databaseUrl));
  if (databaseUrl === "memory://") return import("./open-pglite").then(({ openPglite }) => openPglite(null));
  if (databaseUrl) return Promise.reject(new Error(`DATABASE_URL must start with postgres:// (or be memory://), got "${databaseUrl}"`));
  return import("./open-pglite").then(({ openPglite }) => openPglite(dataDir));
}

// On globalThis so that hot reload in `next dev` does not open a second PGlite on the folder.
const holder = globalThis as unknown as { signetDatabase?: Promise<Database> };

export function database(): Promise<Database> {
  holder.signetDatabase ??= openDatabase().catch((error) => {
    holder.signetDatabase = undefined;
    throw error;
  });
  return holder.signetDatabase;
}

export async function getDb(): Promise<Db> {
  return (await database()).db;
}

export async function closeDatabase(): Promise<void> {
  const open = holder.signetDatabase;
  holder.signetDatabase = undefined;
  if (open) await (await open).close();
}
