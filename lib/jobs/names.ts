/**
 * The queues of the service's background jobs. They are created with the queue's tables when the
 * database opens, so a job can be queued inside any transaction from the first request on.
 */
export const JOB_QUEUES = ["send-email", "due-work", "deliver-callback", "seal-package"] as const;
export type JobQueueName = (typeof JOB_QUEUES)[number];
