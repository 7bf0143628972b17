import PgBoss from "pg-boss";
import { pgliteExecute, type Tx } from "@/lib/db/client";
import type { SqlExecutor } from "@/lib/db/sql-executor";
import { config } from "@/lib/config";
import { currentRequestId } from "@/lib/observability/request-log";
import { retryPolicyOf } from "./registry";

// Queueing a job knows only its name, its data and its retry policy (lib/jobs/names.ts), never
// the module that works it: the service and the consumers queue jobs here, and only the worker
// (queue.ts, through all-jobs.ts) loads the handlers.

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
const holder = globalThis as unknown as { signetJobSender?: { schema: string; boss: PgBoss } };

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
  /** With singletonSeconds: at most one job with this key per time slot of that many seconds. */
  singletonKey?: string;
  singletonSeconds?: number;
}

/**
 * Queues a job in the caller's transaction (transactional outbox): it exists, and runs, only if
 * that transaction commits. The job's retry policy is its queue's (lib/jobs/names.ts). Answers the
 * job's id, or null when a singleton of its key exists already.
 */
export async function enqueueJob(tx: Tx, name: string, data: object, options: EnqueueOptions = {}): Promise<string | null> {
  const executeSql = transactionExecutor(tx);
  // The request (or job) that queues it: the job's log lines carry its id.
  const requestId = currentRequestId();
  const id = await sender().send(name, requestId ? { ...data, requestId } : data, { ...retryPolicyOf(name), ...options, db: { executeSql } });
  if (!id && options.singletonKey) return null; // one is queued already in this slot
  if (!id) throw new Error(`Job "${name}" was not queued: its queue does not exist`);
  // Wakes the workers of every instance when the transaction commits (NOTIFY is transactional), so
  // a job due now starts at once instead of at the next poll.
  if (options.startAfter === undefined) await executeSql("select pg_notify($1, $2)", [wakeChannel(), name]);
  return id;
}

/**
 * The data of the jobs of `name` marked running (pg-boss's `active`), read in the caller's
 * transaction. For a process that knows it runs none of them (PGlite at start: the data folder's
 * only process), they are jobs a killed process left behind, which pg-boss would only expire after
 * their 15 minutes. `startedSecondsAgo`: only those started longer ago than that.
 */
export async function activeJobsData(tx: Tx, name: string, options: { startedSecondsAgo?: number } = {}): Promise<Record<string, unknown>[]> {
  const { startedSecondsAgo } = options;
  const { rows } = await transactionExecutor(tx)(
    `select data from ${sqlIdentifier(config().jobSchema)}.job where name = $1 and state = 'active'` +
      (startedSecondsAgo === undefined ? "" : ` and started_on < now() - make_interval(secs => $2)`),
    startedSecondsAgo === undefined ? [name] : [name, startedSecondsAgo],
  );
  return rows.map((row) => (row as { data: Record<string, unknown> }).data ?? {});
}

function sqlIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** The NOTIFY channel that wakes the workers of this job schema. */
export function wakeChannel(): string {
  return `signet_jobs_${config().jobSchema}`;
}
