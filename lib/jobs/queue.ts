import PgBoss from "pg-boss";
import { database, getDb } from "@/lib/db/client";
import { config } from "@/lib/config";
import "./all-jobs";
import { enqueueJob, wakeChannel } from "./enqueue";
import { createQueue } from "./install";
import { attemptOf, jobDefinition, jobDefinitions, type JobDefinition } from "./registry";
import { logger } from "@/lib/observability/logger";
import { withinRequest } from "@/lib/observability/request-log";

// The workers: this module loads every job's handler (all-jobs.ts), so only the server's start
// and the tests import it; queueing a job is enqueue.ts, which loads none.

interface RunningWorkers {
  boss: PgBoss;
  stopListening: () => Promise<void>;
  /** The `stop` of each job definition worked here. */
  stopDefinitions: () => Promise<void>;
  /** Stops queueing the jobs that run on their own (`everySeconds`). */
  stopRepeating: () => void;
}

const holder = globalThis as unknown as { signetJobWorker?: Promise<RunningWorkers> };

export interface JobQueueOptions {
  /** Work only these job names (tests); default every defined job. */
  only?: string[];
  /** How often an idle worker looks for jobs; at least 0.5 s. */
  pollingIntervalSeconds?: number;
}

/**
 * Starts the workers of this process, once: pg-boss on the connection string with PostgreSQL (its
 * own small pool; several instances share the queue and no job runs twice), on the database's one
 * connection with PGlite (one query at a time, queued behind any open transaction).
 */
export async function startJobQueue(options: JobQueueOptions = {}): Promise<PgBoss> {
  holder.signetJobWorker ??= openWorkers(options).catch((error) => {
    holder.signetJobWorker = undefined;
    throw error;
  });
  return (await holder.signetJobWorker).boss;
}

/** This process's started pg-boss, for the health check; undefined when the workers were not started here. */
export async function runningJobQueue(): Promise<PgBoss | undefined> {
  const running = holder.signetJobWorker;
  return running ? (await running).boss : undefined;
}

/** One pg-boss worker of a queue; busy while its handler runs a batch. */
interface QueueWorker {
  id: string;
  busy: boolean;
}

async function openWorkers(options: JobQueueOptions): Promise<RunningWorkers> {
  const open = await database();
  // No pg-boss cron: its finest tick is a minute; jobs that run on their own are queued by this process's timers (startRepeating).
  const common = { schema: config().jobSchema, migrate: true, supervise: true, schedule: false };
  const boss =
    open.kind === "postgres"
      ? new PgBoss({ ...common, connectionString: open.url, max: 3, application_name: "signet-jobs" })
      : new PgBoss({ ...common, db: { executeSql: (text, values) => open.executeSql(text, values) } });
  boss.on("error", (error) => logger().error({ err: error }, "job queue error"));
  await boss.start();
  const workersOf = new Map<string, QueueWorker[]>();
  const repeating: (() => void)[] = [];
  const names = options.only ?? jobDefinitions().map((definition) => definition.name);
  for (const name of names) {
    const definition = jobDefinition(name);
    const batchSize = definition.batchSize ?? 1;
    await createQueue(boss, name);
    // Before this process's workers fetch anything: what start() finds running (a seal's lease) is a dead process's, not theirs.
    await definition.start?.();
    // Each work() call is one more worker (pg-boss 10 has no concurrency option of its own).
    const workers: QueueWorker[] = [];
    for (let index = 0; index < Math.max(1, definition.workers?.() ?? 1); index++) {
      const worker: QueueWorker = { id: "", busy: false };
      worker.id = await boss.work<object>(
        name,
        { batchSize, includeMetadata: true, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 },
        async (jobs) => {
          worker.busy = true;
          try {
            await runBatch(boss, definition, jobs);
          } catch (error) {
            // runBatch records each failure itself; reaching here means recording it failed (the database went away).
            logger().error({ err: error, job: definition.name, jobIds: jobs.map((job) => job.id) }, "job failure not recorded");
          } finally {
            worker.busy = false;
          }
          if (jobs.length === batchSize) boss.notifyWorker(worker.id);
        },
      );
      workers.push(worker);
    }
    workersOf.set(name, workers);
    if (definition.everySeconds) {
      // An earlier version queued the sweep by pg-boss's cron: that schedule goes.
      await boss.unschedule(name);
      repeating.push(startRepeating(name, definition.everySeconds()));
    }
  }
  const stopListening = await open.listen(wakeChannel(), (name) => {
    // One idle worker fetches now; busy ones fetch again as soon as their batch is done instead
    // of at their next poll (notifying a busy pg-boss worker only marks it).
    const workers = workersOf.get(name) ?? [];
    for (const worker of workers) if (worker.busy) boss.notifyWorker(worker.id);
    const idle = workers.find((worker) => !worker.busy);
    if (idle) boss.notifyWorker(idle.id);
  });
  const stopDefinitions = async () => {
    for (const name of workersOf.keys()) await jobDefinition(name).stop?.();
  };
  return { boss, stopListening, stopDefinitions, stopRepeating: () => repeating.forEach((stop) => stop()) };
}

/**
 * Queues `name` now and then every `seconds`, with no data. Every instance does, and pg-boss keeps
 * one job per time slot of that many seconds (singletonSeconds) across them; the queue's policy
 * (names.ts) keeps a slow run from piling up those behind it. A run that cannot be queued (the
 * database is away) is logged; the next tick tries again.
 */
function startRepeating(name: string, seconds: number): () => void {
  const queueRun = () => {
    void getDb()
      .then((db) => db.transaction((tx) => enqueueJob(tx, name, {}, { singletonKey: name, singletonSeconds: seconds })))
      .catch((error) => logger().error({ err: error, job: name }, "scheduled job not queued"));
  };
  queueRun();
  const timer = setInterval(queueRun, seconds * 1000);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * A fetched batch: to the definition's batch handler when it has one (a failure fails the whole
 * batch), else job by job. pg-boss completes the batch when this returns; completing skips a job
 * failed here, which is no longer active.
 */
async function runBatch(boss: PgBoss, definition: JobDefinition, jobs: PgBoss.JobWithMetadata<object>[]): Promise<void> {
  if (!definition.handleBatch) {
    await Promise.all(jobs.map((job) => runJob(boss, definition, job)));
    return;
  }
  const requestIds = [...new Set(jobs.map(requestIdOfJob).filter((id) => id !== undefined))];
  const log = logger().child({ job: definition.name, jobIds: jobs.map((job) => job.id), ...(requestIds.length ? { requestIds } : {}) });
  const started = performance.now();
  log.debug("job batch started");
  try {
    await definition.handleBatch(jobs.map((job) => ({ data: job.data, attempt: attemptOf(job) })));
    log.info({ ms: elapsedMs(started) }, "job batch finished");
  } catch (error) {
    log.error({ err: error, ms: elapsedMs(started) }, "job batch failed");
    const { message, stack } = error instanceof Error ? error : new Error(String(error));
    // pg-boss fails several ids with their error in one statement; its types only know one id with data.
    const failMany = boss.fail.bind(boss) as unknown as (name: string, ids: string[], data: object) => Promise<unknown>;
    await failMany(
      definition.name,
      jobs.map((job) => job.id),
      { message, stack },
    );
  }
}

/**
 * One job of a batch: pg-boss completes the batch when the handler returns, so a failure is
 * recorded here, for this job alone (completing skips a job that is no longer active).
 */
async function runJob(boss: PgBoss, definition: JobDefinition, job: PgBoss.JobWithMetadata<object>): Promise<void> {
  const attempt = attemptOf(job);
  const requestId = requestIdOfJob(job);
  const log = logger().child({ job: definition.name, jobId: job.id, ...(requestId ? { requestId } : {}) });
  const run = async () => {
    const started = performance.now();
    log.debug({ retryCount: attempt.retryCount }, "job started");
    try {
      await definition.handle(job.data ?? {}, attempt);
      log.info({ ms: elapsedMs(started), retryCount: attempt.retryCount }, "job finished");
    } catch (error) {
      // Every failure is an error, named with its job and id (the child logger's); whether pg-boss tries again is said beside it.
      log.error({ err: error, ms: elapsedMs(started), retryCount: attempt.retryCount, willRetry: !attempt.isLastAttempt }, "job failed");
      const { message, stack } = error instanceof Error ? error : new Error(String(error));
      await boss.fail(definition.name, job.id, { message, stack });
    }
  };
  // Run in the queueing request's scope, so the jobs this one queues carry its id on.
  await (requestId ? withinRequest(requestId, log, run) : run());
}

/** The id of the request that queued the job (enqueueJob stores it in the job's data); a job queued without data has none. */
function requestIdOfJob(job: PgBoss.JobWithMetadata<object>): string | undefined {
  const requestId = (job.data as { requestId?: unknown } | null)?.requestId;
  return typeof requestId === "string" ? requestId : undefined;
}

function elapsedMs(started: number): number {
  return Math.round(performance.now() - started);
}

/** Stops the workers, letting running jobs finish (up to `timeoutMs`); the database stays open. */
export async function stopJobQueue(timeoutMs = 10_000): Promise<void> {
  const running = holder.signetJobWorker;
  holder.signetJobWorker = undefined;
  if (!running) return;
  const { boss, stopListening, stopDefinitions, stopRepeating } = await running;
  stopRepeating();
  await stopListening();
  await boss.stop({ graceful: true, close: true, wait: true, timeout: timeoutMs });
  await stopDefinitions();
}
