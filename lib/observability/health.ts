import { config } from "@/lib/config";
import { database } from "@/lib/db/client";
import { now } from "@/lib/esign/clock";
import { blobStore } from "@/lib/esign/storage/blob-store";
import { DUE_WORK_JOB } from "@/lib/jobs/names";
import { runningJobQueue } from "@/lib/jobs/queue";
import { lastScheduledRunSuccess } from "@/lib/jobs/scheduled-runs";
import { startWork } from "@/lib/start-work";
import { requestLog } from "./request-log";

/**
 * GET /api/health: can this instance serve? Each check is bounded by a short time-out and they run
 * side by side. The answer names a failing check with a short reason of our own wording; the error
 * itself (which may name hosts or paths) goes to the log only, under the request's id.
 */
export const HEALTH_CHECK_TIMEOUT_MS = 2_000;

/** "degraded": the instance serves, but something it promises (time-based work) is behind. */
export type CheckStatus = "ok" | "degraded" | "failing";

export interface CheckResult {
  status: CheckStatus;
  ms: number;
  reason?: string;
  /** What the check tells beside its status (the sweep's last success). */
  [detail: string]: unknown;
}

export interface Health {
  status: CheckStatus;
  checks: Record<string, CheckResult>;
}

/** A check's failure whose message is fit for the public answer. */
export class CheckFailure extends Error {}

/** What a check that answered says: details to show, and why it is degraded when it is. */
export interface CheckAnswer {
  degraded?: string;
  details?: Record<string, unknown>;
}

export type Check = (signal: AbortSignal) => Promise<CheckAnswer | void>;

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
    const answer = (await Promise.race([check(controller.signal), timedOut])) ?? {};
    if (answer.degraded) return { status: "degraded", ms: elapsed(), reason: answer.degraded, ...answer.details };
    return { status: "ok", ms: elapsed(), ...answer.details };
  } catch (error) {
    requestLog().warn({ err: error, check: name }, "health check failed");
    return { status: "failing", ms: elapsed(), reason: error instanceof CheckFailure ? error.message : "failed (see the log)" };
  } finally {
    clearTimeout(timer);
  }
}

export async function runChecks(checks: Record<string, Check>, timeoutMs = HEALTH_CHECK_TIMEOUT_MS): Promise<Health> {
  const results = await Promise.all(Object.entries(checks).map(async ([name, check]) => [name, await runCheck(name, check, timeoutMs)] as const));
  const statuses = results.map(([, result]) => result.status);
  const status = statuses.includes("failing") ? "failing" : statuses.includes("degraded") ? "degraded" : "ok";
  return { status, checks: Object.fromEntries(results) };
}

/** The database answers a query. */
async function databaseCheck(): Promise<void> {
  await (await database()).executeSql("select 1");
}

/** This instance's job workers are started and pg-boss's tables answer. */
async function jobQueueCheck(): Promise<void> {
  let boss = await runningJobQueue();
  // Asked while the server starts (a balancer's first checks), it waits for the workers within the check's time-out, rather than fail.
  const starting = boss ? undefined : startWork();
  if (starting) {
    await starting;
    boss = await runningJobQueue();
  }
  if (!boss) throw new CheckFailure("not started");
  if (!(await boss.schemaVersion())) throw new CheckFailure("not installed");
}

/** The documents' store answers: the S3 bucket (and the store it reads through to), the `blobs` table, or the blobs folder. */
async function storageCheck(signal: AbortSignal): Promise<void> {
  await (await blobStore()).check(signal);
}

/**
 * The sweep of time-based work (expiry, reminders, retention) finished, on any instance, within
 * three of its intervals; before the first one, within three intervals of this process's start.
 */
async function sweepCheck(): Promise<CheckAnswer> {
  const lastSuccess = await lastScheduledRunSuccess(DUE_WORK_JOB);
  const details = { lastSuccess: lastSuccess?.toISOString() ?? null, intervalSeconds: config().sweepIntervalSeconds };
  const since = lastSuccess ?? new Date(performance.timeOrigin);
  const seconds = Math.round((now().getTime() - since.getTime()) / 1000);
  if (seconds <= 3 * config().sweepIntervalSeconds) return { details };
  const degraded = lastSuccess ? `no sweep has finished for ${seconds} s` : `no sweep has finished since the start, ${seconds} s ago`;
  return { degraded: `${degraded}: packages do not expire, no reminder is sent, nothing is purged`, details };
}

export function serviceHealth(): Promise<Health> {
  return runChecks({ database: databaseCheck, jobQueue: jobQueueCheck, storage: storageCheck, sweep: sweepCheck });
}
