import type PgBoss from "pg-boss";
import { JOB_RETRY, type RetryPolicy } from "./names";

/** What one attempt knows about itself, so the last attempt can record a final failure. */
export interface JobAttempt {
  id: string;
  /** 0 on the first attempt. */
  retryCount: number;
  retryLimit: number;
  isLastAttempt: boolean;
}

/**
 * A kind of background job: its queue name, its retry policy and its handler. Handlers must be
 * idempotent: a job may run again after a crash or an expiry. Throwing asks for a retry.
 */
export interface JobDefinition<Data extends object = object> {
  name: string;
  /** Only for a job outside the service's queues (tests define some): those have theirs in names.ts. */
  retry?: () => RetryPolicy;
  /**
   * Seconds between two runs when the job also runs on its own (read when the workers start):
   * each instance queues it every that many seconds, one job per time slot across instances
   * (lib/jobs/queue.ts), with no data.
   */
  everySeconds?: () => number;
  /**
   * Jobs a worker takes at once and runs side by side (default 1). Each succeeds or fails on its
   * own; a full batch makes the worker fetch again at once instead of waiting for its next poll.
   */
  batchSize?: number;
  /**
   * Workers of this job in one process (default 1), read when the queue starts. Each fetches and
   * runs its own batches, so one slow batch does not hold up the jobs behind it.
   */
  workers?: () => number;
  handle(data: Data, attempt: JobAttempt): Promise<void>;
  /**
   * When set, a worker's whole batch goes here instead of to `handle` job by job (one query can
   * then serve them all). Throwing fails every job of the batch, each retried by its policy.
   */
  handleBatch?(jobs: { data: Data; attempt: JobAttempt }[]): Promise<void>;
  /** Called once, just before this process's workers of the job start fetching (a watch of its own, recovery after a crash). */
  start?(): Promise<void>;
  /** Called once the workers have stopped: releases what runs keep between them (open connections). */
  stop?(): Promise<void>;
}

const definitions = new Map<string, JobDefinition>();

/** Registers a job kind (once per name; registering again replaces it, for hot reload). */
export function defineJob<Data extends object>(definition: JobDefinition<Data>): JobDefinition<Data> {
  definitions.set(definition.name, definition as unknown as JobDefinition);
  return definition;
}

export function jobDefinition(name: string): JobDefinition {
  const definition = definitions.get(name);
  if (!definition) throw new Error(`No job named "${name}" is defined`);
  return definition;
}

/**
 * The retry policy a job is queued with: its queue's (names.ts), known without loading the job's
 * handler; else, for a job defined elsewhere (tests), its definition's.
 */
export function retryPolicyOf(name: string): RetryPolicy {
  const policy = (JOB_RETRY as Record<string, (() => RetryPolicy) | undefined>)[name] ?? jobDefinition(name).retry;
  if (!policy) throw new Error(`Job "${name}" has no retry policy`);
  return policy();
}

export function jobDefinitions(): JobDefinition[] {
  return [...definitions.values()];
}

export function attemptOf(job: PgBoss.JobWithMetadata): JobAttempt {
  return { id: job.id, retryCount: job.retryCount, retryLimit: job.retryLimit, isLastAttempt: job.retryCount >= job.retryLimit };
}
