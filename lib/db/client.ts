import path from "node:path";
import v8 from "node:v8";
import { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { type Config, config } from "@/lib/config";
import { installJobQueue } from "@/lib/jobs/install";
import { logger } from "@/lib/observability/logger";
import { lockDataDir } from "./data-dir-lock";
import * as schema from "./schema";
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

const migrationsFolder = path.join(process.cwd(), "drizzle");
const MIGRATION_LOCK = 7_402_311; // any constant: serialises migrations of several instances
/** Pooled connections never closed for being idle: as many as one request uses at once (a list reads its count, its page and its sender side by side). */
const KEPT_CONNECTIONS = 3;
const TCP_KEEPALIVE = { keepAlive: true, keepAliveInitialDelayMillis: 30_000 };

export async function openPostgres(url: string): Promise<Database> {
  const migrationClient = new pg.Client({ connectionString: url });
  await migrationClient.connect();
  try {
    // The job queue's schema too: installed by several instances at once, pg-boss deadlocks.
    await migrationClient.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
    await migratePg(drizzlePg(migrationClient, { casing: "snake_case" }), { migrationsFolder });
    await installJobQueue((text, values) => migrationClient.query(text, values));
  } finally {
    await migrationClient.end();
  }
  const { databasePoolSize, databasePoolIdleMs } = config();
  const pool = new pg.Pool({
    connectionString: url,
    // Named, so that operators (and tests) tell the requests' connections from the job queue's
    // ("signet-jobs") and the notifications' ("signet-listen") in pg_stat_activity.
    application_name: "signet",
    max: databasePoolSize,
    // A new connection costs a request far more than its connect: the backend's catalog caches and
    // plans start cold. With pg's default of closing connections idle for 10 s, a list asked every
    // 12 s took 97 ms instead of 35. Idle connections are kept for DATABASE_POOL_IDLE_SECONDS, and
    // as many as a request uses at once are kept whatever the idle time (pg-pool's `min`: a
    // number of connections, not particular ones).
    idleTimeoutMillis: databasePoolIdleMs,
    min: Math.min(KEPT_CONNECTIONS, databasePoolSize),
    // A firewall, NAT or load balancer between here and the server may drop a connection idle for
    // minutes without a word; probes keep it alive, or let the pool find it gone.
    ...TCP_KEEPALIVE,
    // Signet's queries are short. PostgreSQL compiles (JIT) any query whose estimated cost passes
    // jit_above_cost, and a misestimate gets there: a sender's inbox, whose e-mail is on every
    // package they send, paid 17 ms of compiling for a 3 ms query. Set before the connection is
    // handed out; a connection that cannot be set up this way is not used.
    onConnect: async (client) => {
      await client.query("set jit = off");
    },
  });
  // An idle connection the server ends (a restart, a terminated backend) is dropped and replaced on
  // the next query; without a listener pg's "error" event would end the whole process.
  pool.on("error", (error) => logger().warn({ err: error }, "an idle database connection was closed by the server"));
  const db = drizzlePg(pool, { schema, casing: "snake_case" });
  return {
    db,
    kind: "postgres",
    url,
    executeSql: (text, values) => pool.query(text, values),
    listen: (channel, onMessage) => listenPostgres(url, channel, onMessage),
    close: () => pool.end(),
  };
}

/**
 * LISTEN needs a connection of its own for as long as it listens. A lost connection is opened
 * again after a pause; notifications sent meanwhile are lost, which listeners must tolerate.
 */
async function listenPostgres(url: string, channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let stopped = false;
  let retryTimer: NodeJS.Timeout | undefined;
  const reconnectLater = () => {
    if (stopped) return;
    retryTimer = setTimeout(() => void connect().catch(reconnectLater), 5_000);
  };
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url, application_name: "signet-listen", ...TCP_KEEPALIVE });
    next.on("notification", (message) => {
      if (message.channel === channel) onMessage(message.payload ?? "");
    });
    const lost = () => {
      void next.end().catch(() => {});
      if (client !== next) return;
      client = undefined;
      reconnectLater();
    };
    next.on("error", lost);
    next.on("end", lost);
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      await next.end().catch(() => {});
      throw error;
    }
    if (stopped) await next.end().catch(() => {});
    else client = next;
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retryTimer);
    await client?.end().catch(() => {});
  };
}

/** PGlite's extended protocol takes one statement; without parameters, run the text as a script. */
export async function pgliteExecute(
  client: Pick<PGlite, "query" | "exec">,
  text: string,
  values?: unknown[],
): Promise<{ rows: unknown[] }> {
  if (values && values.length > 0) return client.query(text, values);
  const results = await client.exec(text);
  return { rows: results.at(-1)?.rows ?? [] };
}

/**
 * V8 reads --liftoff-only when it compiles a WebAssembly function (lazily, at its first call), so
 * setting it while PGlite starts keeps TurboFan away from what its start and migrations run, most
 * of what it ever runs. The flag is the process's: left set, the PDF workers' WebAssembly (PDFium
 * reading text, pdf.js's image decoders) ran on Liftoff too, and a create with text tags took a
 * quarter longer. So it is lifted once PGlite has started (a function PGlite first runs later may
 * then be optimized: about 8 MB more resident memory, measured in docs/benchmarks.md). Setting
 * --liftoff-only also turned tier-up off, which clearing it does not undo: those are named again.
 */
function chooseWasmCompiler(compiler: Config["pgliteWasmCompiler"]): () => void {
  const optimizing = "--no-liftoff-only --wasm-dynamic-tiering --wasm-tier-up";
  if (compiler === "optimizing") {
    v8.setFlagsFromString(optimizing);
    return () => {};
  }
  v8.setFlagsFromString("--liftoff-only");
  return () => v8.setFlagsFromString(optimizing);
}

export async function openPglite(dataDir: string | null): Promise<Database> {
  let release = () => {};
  if (dataDir) release = await lockDataDir(dataDir);
  const pgliteStarted = chooseWasmCompiler(config().pgliteWasmCompiler);
  const client = new PGlite(dataDir ? path.join(dataDir, "pgdata") : "memory://", {
    startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${config().pgliteSharedBuffersMb}MB`],
  });
  const db = drizzlePglite(client, { schema, casing: "snake_case" });
  try {
    await migratePglite(db, { migrationsFolder });
    await installJobQueue((text, values) => pgliteExecute(client, text, values));
  } finally {
    pgliteStarted();
  }
  return {
    db,
    kind: "pglite",
    url: "",
    executeSql: (text, values) => pgliteExecute(client, text, values),
    listen: async (channel, onMessage) => {
      const unlisten = await client.listen(channel, onMessage);
      return () => unlisten();
    },
    close: async () => {
      await client.close();
      release();
    },
  };
}

/** DATABASE_URL: empty for PGlite in DATA_DIR, `memory://` for a throwaway PGlite, or postgres://. */
export function openDatabase(): Promise<Database> {
  const { databaseUrl, dataDir } = config();
  if (databaseUrl.startsWith("postgres://") || databaseUrl.startsWith("postgresql://")) return openPostgres(databaseUrl);
  if (databaseUrl === "memory://") return openPglite(null);
  if (databaseUrl) throw new Error(`DATABASE_URL must start with postgres:// (or be memory://), got "${databaseUrl}"`);
  return openPglite(dataDir);
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
