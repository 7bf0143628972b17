import { and, eq, inArray, lte } from "drizzle-orm";
import { config } from "@/lib/config";
import { getDb } from "@/lib/db/client";
import { outboxMessages } from "@/lib/db/schema";
import type { SweepScope } from "@/lib/esign/time-based/sweep-scope";
import { enqueueJob } from "@/lib/jobs/enqueue";
import { SEND_EMAIL_JOB } from "@/lib/jobs/names";

/** pg-boss fails a job that ran this long without finishing (its default expiry). */
const JOB_EXPIRY_SECONDS = 15 * 60;

/**
 * The longest a message can legitimately stay QUEUED: every retry delay (doubling from
 * EMAIL_RETRY_DELAY_SECONDS) plus every attempt running until it expires.
 */
export function emailRetryWindowMs(): number {
  const { emailRetryLimit, emailRetryDelaySeconds } = config();
  const delays = emailRetryDelaySeconds * (2 ** emailRetryLimit - 1);
  return (delays + (emailRetryLimit + 1) * JOB_EXPIRY_SECONDS) * 1000;
}

/**
 * Queues a send again for each message still QUEUED after its whole retry window, as of `at`: its
 * job is gone (an instance died during the last attempt, or the queue expired the job), so
 * nothing else will send it. A singleton key lets a message be queued again at most once per
 * window, whatever the number of sweeps and instances. Answers how many it queued.
 */
export async function requeueStalledEmails(at: Date, scope: SweepScope = {}): Promise<number> {
  const db = await getDb();
  const windowMs = emailRetryWindowMs();
  const stalled = await db
    .select({ id: outboxMessages.id })
    .from(outboxMessages)
    .where(
      and(
        eq(outboxMessages.status, "QUEUED"),
        lte(outboxMessages.created, new Date(at.getTime() - windowMs)),
        scope.accountIds ? inArray(outboxMessages.accountId, scope.accountIds) : undefined,
      ),
    );
  if (stalled.length === 0) return 0;
  await db.transaction(async (tx) => {
    for (const message of stalled) {
      await enqueueJob(tx, SEND_EMAIL_JOB, { messageId: message.id }, { singletonKey: `requeue:${message.id}`, singletonSeconds: Math.ceil(windowMs / 1000) });
    }
  });
  return stalled.length;
}
