import { config } from "@/lib/config";

// The service's background jobs, named here so that queueing one (enqueueJob) needs neither the
// module that works it nor its dependencies: the service records work, its consumers do it.

/** Sends one outbox e-mail by SMTP (lib/email). */
export const SEND_EMAIL_JOB = "send-email";
/** The sweep of the time-based rules, every SWEEP_INTERVAL_SECONDS (lib/jobs/due-work-job.ts). */
export const DUE_WORK_JOB = "due-work";
/** Sends one callback delivery (lib/callbacks). */
export const DELIVER_CALLBACK_JOB = "deliver-callback";
/** Seals a completed package's documents (lib/esign/sealing). */
export const SEAL_PACKAGE_JOB = "seal-package";

/**
 * The queues of the service's background jobs. They are created with the queue's tables when the
 * database opens, so a job can be queued inside any transaction from the first request on.
 */
export const JOB_QUEUES = [SEND_EMAIL_JOB, DUE_WORK_JOB, DELIVER_CALLBACK_JOB, SEAL_PACKAGE_JOB] as const;
export type JobQueueName = (typeof JOB_QUEUES)[number];

/**
 * pg-boss's queue policy where it is not "standard". The sweep's is "stately": at most one sweep
 * waits and one runs, so sweeps slower than their interval never pile up behind each other.
 */
export const JOB_QUEUE_POLICY: Partial<Record<JobQueueName, "stately">> = { [DUE_WORK_JOB]: "stately" };

/** Retry policy of a job, applied when it is queued (pg-boss's retryLimit, retryDelay in seconds, retryBackoff). */
export interface RetryPolicy {
  retryLimit: number;
  retryDelay: number;
  retryBackoff: boolean;
}

/** The retry policy each queue's jobs are queued with (read from the settings when queued). */
export const JOB_RETRY: Record<JobQueueName, () => RetryPolicy> = {
  [SEND_EMAIL_JOB]: () => ({ retryLimit: config().emailRetryLimit, retryDelay: config().emailRetryDelaySeconds, retryBackoff: true }),
  // A failed sweep is not retried: the next one, an interval later, catches up.
  [DUE_WORK_JOB]: () => ({ retryLimit: 0, retryDelay: 0, retryBackoff: false }),
  // Failed HTTP attempts are scheduled by the delivery itself; these retries only cover a run that crashed (database down).
  [DELIVER_CALLBACK_JOB]: () => ({ retryLimit: 5, retryDelay: 30, retryBackoff: true }),
  // About 15, 30, 60 and 120 s apart (pg-boss doubles the delay, with jitter), all within the five
  // minutes after which the sweep looks for unsealed packages; after the last one the package is left to it.
  [SEAL_PACKAGE_JOB]: () => ({ retryLimit: 4, retryDelay: 15, retryBackoff: true }),
};
