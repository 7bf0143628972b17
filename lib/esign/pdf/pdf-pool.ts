import fs from "node:fs";
import path from "node:path";
import { Piscina } from "piscina";
import { config } from "@/lib/config";
import { ServiceError, tooManyRequests, unprocessable } from "@/lib/esign/errors";
import { getDb } from "@/lib/db/client";
import { topAccountIdOf } from "@/lib/esign/sub-accounts/account-tree";
import { FairQueue } from "./fair-queue";
import type { PdfJobAnswer, PdfJobName, PdfJobs, PdfTask } from "./pdf-jobs";
import { logger } from "@/lib/observability/logger";

/** The worker `npm run build` compiles (scripts/build-pdf-worker.mjs), which `next start` loads. */
const COMPILED_WORKER_FILE = path.join(/* turbopackIgnore: true */ process.cwd(), ".next", "pdf-worker", "pdf-jobs.cjs");
/** The TypeScript itself, compiled by tsx as each new worker loads it: twice the compiled file's load, or more on a busy machine. */
const SOURCE_WORKER_FILE = path.join(/* turbopackIgnore: true */ process.cwd(), "lib", "esign", "pdf", "pdf-worker.cjs");

/**
 * The file a worker thread loads, resolved at run time from the project folder (a worker is not
 * part of Next's bundle): the compiled one under `next start`, the source under vitest and
 * `next dev`, where the TypeScript changes between builds.
 */
function workerFile(): string {
  if (process.env.NODE_ENV !== "production") return SOURCE_WORKER_FILE;
  if (fs.existsSync(COMPILED_WORKER_FILE)) return COMPILED_WORKER_FILE;
  logger().warn(`no compiled PDF worker at ${COMPILED_WORKER_FILE} (\`npm run build\` makes it): each new PDF worker compiles its TypeScript as it starts`);
  return SOURCE_WORKER_FILE;
}

/** How often the watchdog looks at the running jobs' time and the process's memory. */
const WATCHDOG_INTERVAL_MS = 100;
/** The wait an account told its PDF jobs are too many is asked to keep before trying again. */
const RETRY_AFTER_SECONDS = 5;
const MB = 1024 * 1024;
/**
 * A job given this many bytes of PDF or more ends its worker once done. Such a job leaves its
 * worker holding several times its input (the copy it was given, pdf-lib's and pdf.js's objects)
 * until that worker ends: an idle worker waits for its next job blocked in Atomics.wait, where V8
 * never collects, so without this the memory stayed until PDF_WORKER_IDLE_SECONDS had passed
 * (measured: 450 MB for 60 s after a 100 MB upload and /pdf). The next job starts a new worker,
 * well under a second, small beside a job of this size.
 */
const RETIRE_AFTER_INPUT_BYTES = 32 * MB;

/** Who a PDF job is for: the account (its top account's turn is the one it waits for), and the document a refusal names. */
export interface PdfJobFor {
  accountId: string;
  documentName: string;
  /** The job continues work the account's cap let in already (a long upload's text tags): it waits its turn but is not refused. */
  admitted?: boolean;
}

interface WaitingJob {
  /** The top account of the job's account tree: the queue it waits in. */
  tenantId: string;
  task: PdfTask;
  documentName: string;
  done: (answer: Promise<PdfJobAnswer>) => void;
}

interface RunningJob {
  documentName: string;
  abort: AbortController;
  /** When the job was handed to a worker (performance.now()): its time limit counts from then. */
  handedAt: number;
  /** Set by the worker as it begins the job (pdf-jobs.ts), after a new worker has loaded. */
  startedFlag: Int32Array;
  /** The process's resident memory when the watchdog first saw the job begun: its memory is counted from there. */
  rssAtStart?: number;
}

/**
 * The piscina pool, with the work in front of it: at most one job per thread is handed to piscina,
 * so piscina never queues; the rest waits in one queue per account, given out by turns (FairQueue):
 * a free worker goes to the account with the fewest jobs running, then to the one served longest ago.
 */
interface PdfPool {
  piscina: Piscina;
  threads: number;
  waiting: FairQueue<WaitingJob>;
  /** In the order they were handed to a worker, oldest first. */
  running: Set<RunningJob>;
  watchdog?: NodeJS.Timeout;
  /** Set at shutdown: the jobs it cuts short are the service's going away, not the caller's fault. */
  closing?: boolean;
  /** Worker threads ending after a large job: given no job, and holding their place among `threads` until they have ended. */
  retiring: Set<number>;
}

/** On globalThis, so that hot reload in `next dev` does not start a second pool. */
const holder = globalThis as unknown as { signetPdfPool?: PdfPool };

function pdfPool(): PdfPool {
  if (!holder.signetPdfPool) {
    const { pdfWorkerThreads, pdfWorkerMemoryMb, pdfWorkerIdleMs } = config();
    const retiring = new Set<number>();
    const filename = workerFile();
    const piscina = new Piscina({
      filename,
      name: "runPdfJobHere",
      // Workers start with the first job and end after PDF_WORKER_IDLE_SECONDS without one: a
      // loaded worker holds up to about 170 MB (pdf-lib, pdf.js, fonts), which an idle instance should not.
      minThreads: 0,
      maxThreads: pdfWorkerThreads,
      idleTimeout: pdfWorkerIdleMs,
      // V8 bounds the heap exactly; buffers (a PDF's bytes, inflated streams) are outside it, and
      // the watchdog (checkRunningJobs) bounds them.
      resourceLimits: { maxOldGenerationSizeMb: pdfWorkerMemoryMb },
      // A free worker, as piscina's default chooses with one job per worker, but never one that is ending.
      loadBalancer: (_task, workers) => workers.find((worker) => worker.currentUsage === 0 && !retiring.has(worker.id)) ?? null,
    });
    // A worker that dies outside a job (out of memory while loading, say) is replaced; without a
    // listener the pool's "error" event would end the whole process.
    piscina.on("error", (error: Error) => logger().error({ err: error }, "a PDF worker stopped"));
    holder.signetPdfPool = { piscina, threads: pdfWorkerThreads, waiting: new FairQueue(), running: new Set(), retiring };
    logger().info({ workerFile: path.relative(process.cwd(), filename), threads: pdfWorkerThreads }, "PDF worker pool ready");
  }
  return holder.signetPdfPool;
}

/** Makes the pool at start-up, so that a bad setting shows then; its workers start with the first job. */
export function startPdfPool(): void {
  pdfPool();
}

/** Ends the workers (at shutdown, and after tests); a job still running or waiting is refused. */
export async function closePdfPool(): Promise<void> {
  const pool = holder.signetPdfPool;
  holder.signetPdfPool = undefined;
  if (!pool) return;
  pool.closing = true;
  clearInterval(pool.watchdog);
  for (const job of pool.waiting.drain()) job.done(Promise.reject(stopping()));
  await pool.piscina.destroy();
}

/**
 * Runs a PDF job on a worker thread, off the thread that answers requests, within the limits of
 * lib/config.ts. The job waits its account's turn: accounts with jobs waiting take the free
 * workers in turn, and an account with PDF_JOBS_WAITING_PER_ACCOUNT jobs waiting is answered 429
 * at once. Once on a worker, a job that runs past PDF_JOB_TIMEOUT_SECONDS, or makes the process
 * grow by more than PDF_WORKER_MEMORY_MB (heap and buffers), ends its worker and is refused with
 * a 422 naming the document. A ServiceError the job throws (a corrupt PDF...) is thrown here as it was.
 */
export async function runPdfJob<Name extends PdfJobName>(
  job: Name,
  input: Parameters<PdfJobs[Name]>[0],
  { accountId, documentName, admitted }: PdfJobFor,
): Promise<Awaited<ReturnType<PdfJobs[Name]>>> {
  const pool = pdfPool();
  const { pdfJobsWaitingPerAccount } = config();
  const tenantId = await tenantOf(accountId);
  if (!admitted && pool.waiting.waitingOf(tenantId) >= pdfJobsWaitingPerAccount) {
    throw tooManyRequests(
      "error.tooManyRequests.pdfJobs",
      `This account already has ${pdfJobsWaitingPerAccount} PDF jobs (uploads, downloads, seals) waiting for a worker; try again in ${RETRY_AFTER_SECONDS} seconds.`,
      RETRY_AFTER_SECONDS,
    );
  }
  const startedFlag = new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT));
  const answer = await new Promise<PdfJobAnswer>((resolve) => {
    pool.waiting.push(tenantId, { tenantId, task: { job, input, startedFlag }, documentName, done: resolve });
    handOutWorkers(pool);
  });
  if ("serviceError" in answer) {
    const { status, messageKey, message, technical } = answer.serviceError;
    throw new ServiceError(status, messageKey, message, technical);
  }
  if ("readerFailed" in answer) throw tooComplex(documentName, `could not be read (PDFium failed: ${answer.readerFailed})`);
  return answer.value as Awaited<ReturnType<PdfJobs[Name]>>;
}

/**
 * The account whose turn `accountId`'s jobs take and whose cap they share: its top account, so that
 * an owner cannot multiply their share of the workers by making sub accounts. A sub account cannot
 * move to another parent (update-sub-account.ts) and accounts are never deleted, so the answer never
 * changes: it is kept for up to TENANTS_KEPT accounts (the earliest kept goes first), and a job costs
 * no look-up after its account's first. Whatever comes to change an account's parent must clear it.
 */
async function tenantOf(accountId: string): Promise<string> {
  const known = tenantIds.get(accountId);
  if (known) return known;
  const tenantId = await topAccountIdOf(await getDb(), accountId);
  if (tenantIds.size >= TENANTS_KEPT) tenantIds.delete(tenantIds.keys().next().value!);
  tenantIds.set(accountId, tenantId);
  return tenantId;
}

const TENANTS_KEPT = 10_000;
const tenantIds = new Map<string, string>();

/** Gives each free worker the next waiting job, by the accounts' turns. */
function handOutWorkers(pool: PdfPool): void {
  while (pool.running.size + pool.retiring.size < pool.threads) {
    const next = pool.waiting.take();
    if (!next) return;
    runOnWorker(pool, next);
  }
}

function runOnWorker(pool: PdfPool, { tenantId, task, documentName, done }: WaitingJob): void {
  const running: RunningJob = { documentName, abort: new AbortController(), handedAt: performance.now(), startedFlag: task.startedFlag };
  pool.running.add(running);
  pool.watchdog ??= setInterval(() => checkRunningJobs(pool), WATCHDOG_INTERVAL_MS).unref();
  const answer = pool.piscina.run(task, { signal: running.abort.signal }).then(
    (answer: PdfJobAnswer) => {
      // Before the job's place is given to the next one (below), so that it cannot go to this worker.
      if (answer.retire || inputBytes(task.input) >= RETIRE_AFTER_INPUT_BYTES) retireWorker(pool, answer.threadId);
      return answer;
    },
    (error: Error) => {
      throw pool.closing ? stopping() : refusalOf(error, documentName);
    },
  );
  done(answer);
  void answer
    .catch(() => {})
    .finally(() => {
      pool.running.delete(running);
      pool.waiting.finished(tenantId);
      handOutWorkers(pool);
    });
}

/** The bytes of PDF a job is given: its input's byte arrays (`bytes` of a flatten or a read, `pdf` of a seal). */
function inputBytes(input: unknown): number {
  if (typeof input !== "object" || input === null) return 0;
  return Object.values(input).reduce<number>((sum, value) => sum + (ArrayBuffer.isView(value) ? value.byteLength : 0), 0);
}

/** Ends the worker thread `threadId` now that its job is done; its place among `threads` is free once it has ended. */
function retireWorker(pool: PdfPool, threadId: number): void {
  const worker = pool.piscina.threads.find((thread) => thread.threadId === threadId);
  if (!worker || pool.closing) return;
  pool.retiring.add(threadId);
  worker.once("exit", () => {
    pool.retiring.delete(threadId);
    handOutWorkers(pool);
  });
  void worker.terminate();
}

/** A 503 for the jobs a shutdown cuts short or never runs: another instance, or this one restarted, takes them. */
function stopping(): ServiceError {
  return new ServiceError(503, "error.unavailable.stopping", "The service is stopping; try again in a moment.");
}

/** What a job's failure answers: the watchdog's refusal, a 422 for a worker out of heap, or the error itself. */
function refusalOf(error: Error, documentName: string): Error {
  if (error.name === "AbortError" && error.cause instanceof ServiceError) return error.cause;
  if ((error as NodeJS.ErrnoException).code === "ERR_WORKER_OUT_OF_MEMORY") {
    return tooComplex(documentName, `needed more than ${config().pdfWorkerMemoryMb} MB of memory to process`);
  }
  return error;
}

/**
 * Ends the running jobs past their limits; aborting a piscina task terminates its worker.
 *
 * Time counts from when a job is handed to a worker (a worker that is not running yet loads in
 * well under a second), not while it waits its turn (its account's own jobs and one per other account
 * each round come first; PDF_JOBS_WAITING_PER_ACCOUNT bounds that).
 *
 * Memory: worker threads share the process's memory, and Node 20 gives no figure per thread that
 * one thread can read of another (worker.getHeapStatistics() came in Node 24, heap only;
 * worker.getMemoryUsage() in 25.2). process.memoryUsage() in a worker gives its own heap and
 * buffers, but a worker busy in synchronous code, inflating a stream, cannot report: measured,
 * its figures missed a job's 450 MB peak entirely. So the watchdog reads the process's
 * resident memory every 100 ms and charges each job what the process grew since it began (the
 * worker says when, so that loading a new worker and the libraries a job uses, up to about 170 MB,
 * is not charged to the job: pdf-jobs.ts's loadLibrariesFor);
 * the oldest job past PDF_WORKER_MEMORY_MB is ended, one per look, as ending it frees its
 * worker's memory. With one job at a time the charge is exact; with several, a job that began
 * earlier is also charged what a later one holds, and is ended first.
 */
function checkRunningJobs(pool: PdfPool): void {
  if (pool.running.size === 0) {
    clearInterval(pool.watchdog);
    pool.watchdog = undefined;
    return;
  }
  const { pdfJobTimeoutMs, pdfWorkerMemoryMb } = config();
  const at = performance.now();
  const rss = process.memoryUsage.rss();
  let endedOneForMemory = false;
  for (const job of pool.running) {
    if (job.abort.signal.aborted) continue;
    if (job.rssAtStart === undefined && Atomics.load(job.startedFlag, 0) === 1) job.rssAtStart = rss;
    if (at - job.handedAt > pdfJobTimeoutMs) {
      job.abort.abort(tooComplex(job.documentName, `took longer than ${pdfJobTimeoutMs / 1000} s to process`));
    } else if (!endedOneForMemory && job.rssAtStart !== undefined && rss - job.rssAtStart > pdfWorkerMemoryMb * MB) {
      job.abort.abort(tooComplex(job.documentName, `needed more than ${pdfWorkerMemoryMb} MB of memory to process`));
      endedOneForMemory = true;
    }
  }
}

function tooComplex(documentName: string, what: string): ServiceError {
  return unprocessable("error.validation.pdfTooComplex", `The PDF for document "${documentName}" ${what}; it is refused as too complex.`);
}
