import PgBoss from "pg-boss";
import { database, pgliteExecute, type SqlExecutor, type Tx } from "@/lib/db/client";
import { config } from "@/lib/config";
import "./all-jobs";
import { attemptOf, jobDefinition, jobDefinitions } from "./registry";

/** The raw connection under a Drizzle transaction (node-postgres PoolClient or PGlite Transaction). */
interface TxClient {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  exec?(text: string): Promise<{ rows: unknown[] }[]>;
}

/**
 * pg-boss runs its SQL on the caller's transaction: Drizzle keeps the transaction's connection at
 * `tx.session.client` for both drivers (not a public API, checked by the job queue's tests).
 */
function transactionExecutor(tx: Tx): SqlExecutor {
  const client = (tx as unknown as { session?: { client?: TxClient } }).session?.client;
  if (!client || typeof client.query !== "function") throw new Error("Cannot reach the transaction's connection to queue a job");
  if (typeof client.exec === "function") return (text, values) => pgliteExecute(client as Parameters<typeof pgliteExecute>[0], text, values);
  return (text, values) => client.query(text, values);
}

// Sending only needs pg-boss's SQL and defaults, never its own connection: every job is queued on
// a transaction's connection (the `db` option of send), so this instance is never started.
const holder = globalThis as unknown as { signetJobSender?: { schema: string; boss: PgBoss }; signetJobWorker?: Promise<PgBoss> };

function sender(): PgBoss {
  const schema = config().jobSchema;
  if (holder.signetJobSender?.schema !== schema) {
    const boss = new PgBoss({
      schema,
      db: { executeSql: () => Promise.reject(new Error("Jobs are queued inside a transaction: use enqueueJob(tx, ...)")) },
    });
    holder.signetJobSender = { schema, boss };
  }
  return holder.signetJobSender.boss;
}

export interface EnqueueOptions {
  /** Run no earlier than this (a Date) or this many seconds from now. */
  startAfter?: Date | number;
  /** At most one waiting job with this key per queue (pg-boss singletonKey). */
  singletonKey?: string;
}

/**
 * Queues a job in the caller's transaction (transactional outbox): it exists, and runs, only if
 * that transaction commits. The job's retry policy comes from its definition.
 */
export async function enqueueJob(tx: Tx, name: string, data: object, options: EnqueueOptions = {}): Promise<string> {
  const definition = jobDefinition(name);
  const id = await sender().send(name, data, { ...definition.retry(), ...options, db: { executeSql: transactionExecutor(tx) } });
  if (!id) throw new Error(`Job "${name}" was not queued: its queue does not exist`);
  return id;
}

export interface JobQueueOptions {
  /** Work only these job names (tests); default every defined job. */
  only?: string[];
  /** How often an idle worker looks for jobs; at least 0.5 s. */
  pollingIntervalSeconds?: number;
}

/**
 * Starts the workers of this process, once: pg-boss on the connection string with PostgreSQL (its
 * own small pool; several instances share the queue and no job runs twice), on the database's one
 * connection with PGlite (one job at a time, queries queued behind any open transaction).
 */
export function startJobQueue(options: JobQueueOptions = {}): Promise<PgBoss> {
  holder.signetJobWorker ??= openWorker(options).catch((error) => {
    holder.signetJobWorker = undefined;
    throw error;
  });
  return holder.signetJobWorker;
}

async function openWorker(options: JobQueueOptions): Promise<PgBoss> {
  const open = await database();
  const common = { schema: config().jobSchema, migrate: true, supervise: true, schedule: true };
  const boss =
    open.kind === "postgres"
      ? new PgBoss({ ...common, connectionString: open.url, max: 3, application_name: "signet-jobs" })
      : new PgBoss({ ...common, db: { executeSql: (text, values) => open.executeSql(text, values) } });
  boss.on("error", (error) => console.error(`[signet] job queue: ${error.message}`));
  await boss.start();
  const names = options.only ?? jobDefinitions().map((definition) => definition.name);
  for (const name of names) {
    const definition = jobDefinition(name);
    await boss.createQueue(name);
    if (definition.cron) await boss.schedule(name, definition.cron);
    await boss.work<object>(
      name,
      { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 },
      async ([job]) => definition.handle(job.data, attemptOf(job)),
    );
  }
  return boss;
}

/** Stops the workers, letting running jobs finish (up to `timeoutMs`); the database stays open. */
export async function stopJobQueue(timeoutMs = 10_000): Promise<void> {
  const running = holder.signetJobWorker;
  holder.signetJobWorker = undefined;
  if (!running) return;
  const boss = await running;
  await boss.stop({ graceful: true, close: true, wait: true, timeout: timeoutMs });
}
