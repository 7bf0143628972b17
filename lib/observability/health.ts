import { database } from "@/lib/db/client";
import { blobStore } from "@/lib/esign/storage/blob-store";
import { runningJobQueue } from "@/lib/jobs/queue";
import { requestLog } from "./request-log";

/**
 * GET /api/health: can this instance serve? Each check is bounded by a short time-out and they run
 * side by side. The answer names a failing check with a short reason of our own wording; the error
 * itself (which may name hosts or paths) goes to the log only, under the request's id.
 */
export const HEALTH_CHECK_TIMEOUT_MS = 2_000;

export interface CheckResult {
  status: "ok" | "failing";
  ms: number;
  reason?: string;
}

export interface Health {
  status: "ok" | "failing";
  checks: Record<string, CheckResult>;
}

/** A check's failure whose message is fit for the public answer. */
export class CheckFailure extends Error {}

export type Check = (signal: AbortSignal) => Promise<void>;

async function runCheck(name: string, check: Check, timeoutMs: number): Promise<CheckResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new CheckFailure(`no answer within ${timeoutMs} ms`));
    }, timeoutMs);
  });
  try {
    await Promise.race([check(controller.signal), timedOut]);
    return { status: "ok", ms: elapsed() };
  } catch (error) {
    requestLog().warn({ err: error, check: name }, "health check failed");
    return { status: "failing", ms: elapsed(), reason: error instanceof CheckFailure ? error.message : "failed (see the log)" };
  } finally {
    clearTimeout(timer);
  }
}

export async function runChecks(checks: Record<string, Check>, timeoutMs = HEALTH_CHECK_TIMEOUT_MS): Promise<Health> {
  const results = await Promise.all(Object.entries(checks).map(async ([name, check]) => [name, await runCheck(name, check, timeoutMs)] as const));
  return { status: results.every(([, result]) => result.status === "ok") ? "ok" : "failing", checks: Object.fromEntries(results) };
}

/** The database answers a query. */
async function databaseCheck(): Promise<void> {
  await (await database()).executeSql("select 1");
}

/** This instance's job workers are started and pg-boss's tables answer. */
async function jobQueueCheck(): Promise<void> {
  const boss = await runningJobQueue();
  if (!boss) throw new CheckFailure("not started");
  if (!(await boss.schemaVersion())) throw new CheckFailure("not installed");
}

/** The documents' store answers: the S3 bucket (and the store it reads through to), the `blobs` table, or the blobs folder. */
async function storageCheck(signal: AbortSignal): Promise<void> {
  await (await blobStore()).check(signal);
}

export function serviceHealth(): Promise<Health> {
  return runChecks({ database: databaseCheck, jobQueue: jobQueueCheck, storage: storageCheck });
}
