import PgBoss from "pg-boss";
import type { Tx } from "@/lib/db/client";
import { pgliteExecute, type SqlExecutor } from "@/lib/db/sql-executor";
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

/** A job marked running (pg-boss's `active`). */
export interface RunningJob {
  id: string;
  data: Record<string, unknown>;
}

/**
 * The jobs of `name` marked running, locked in the caller's transaction (SKIP LOCKED: instances
 * looking at once share them out); `startedSecondsAgo`: only those started longer ago than that.
 * For a process that knows it runs none of them (PGlite at start: the data folder's only process)
 * they are jobs a killed process left behind, which pg-boss would only expire after 15 minutes.
 */
export async function runningJobs(tx: Tx, name: string, options: { startedSecondsAgo?: number } = {}): Promise<RunningJob[]> {
  const { startedSecondsAgo } = options;
  const { rows } = await transactionExecutor(tx)(
    `select id, data from ${sqlIdentifier(config().jobSchema)}.job where name = $1 and state = 'active'` +
      (startedSecondsAgo === undefined ? "" : ` and started_on < now() - make_interval(secs => $2)`) +
      " for update skip locked",
    startedSecondsAgo === undefined ? [name] : [name, startedSecondsAgo],
  );
  return rows.map((row) => {
    const { id, data } = row as { id: string; data: Record<string, unknown> | null };
    return { id, data: data ?? {} };
  });
}

/**
 * Marks running jobs of `name` failed, with `message` as their output, in the caller's
 * transaction: jobs whose process died, whose work is queued again. Not pg-boss's own retry: the
 * dead run's job ends here, once, and no longer counts as running.
 */
export async function failRunningJobs(tx: Tx, name: string, ids: string[], message: string): Promise<void> {
  if (ids.length === 0) return;
  const idList = ids.map((_, index) => `$${index + 3}::uuid`).join(", ");
  await transactionExecutor(tx)(
    `update ${sqlIdentifier(config().jobSchema)}.job set state = 'failed', completed_on = now(), output = jsonb_build_object('message', $2::text)
     where name = $1 and id in (${idList}) and state = 'active'`,
    [name, message, ...ids],
  );
}

function sqlIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** The NOTIFY channel that wakes the workers of this job schema. */
export function wakeChannel(): string {
  return `signet_jobs_${config().jobSchema}`;
}
