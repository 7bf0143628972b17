import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { config } from "@/lib/config";
import { installJobQueue } from "@/lib/jobs/install";
import { logger } from "@/lib/observability/logger";
import type { Database } from "./client";
import { migrationsFolder } from "./migrations-folder";
import * as schema from "./schema";

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
    await migrate(drizzle(migrationClient, { casing: "snake_case" }), { migrationsFolder });
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
  const db = drizzle(pool, { schema, casing: "snake_case" });
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
