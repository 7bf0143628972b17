import { requeueStalledDeliveries } from "@/lib/callbacks/requeue-stalled-deliveries";
import { requeueStalledEmails } from "@/lib/email/requeue-stalled-emails";
import { now } from "@/lib/esign/clock";
import { sendDueReminders } from "@/lib/esign/reminders/send-due-reminder";
import { queueUnsealedPackages } from "@/lib/esign/sealing/queue-unsealed-packages";
import { expireDuePackages } from "./expire-packages";
import { purgeExpiredDocuments } from "./purge-packages";
import type { SweepScope } from "./sweep-scope";

export type { SweepScope };

export interface DueWorkDone {
  reminders: number;
  expired: number;
  purged: number;
  /** Callback deliveries and e-mails whose jobs were lost, queued again. */
  requeuedDeliveries: number;
  requeuedEmails: number;
  /** Completed packages left unsealed (their sealing job lost or failed), queued for sealing again. */
  sealingQueued: number;
}

/** A delivery due this long without a run is looked at again (its run may be waiting behind a backlog). */
const STALLED_DELIVERY_GRACE_MS = 10 * 60 * 1000;

/**
 * The time-based rules, as of `at`: due reminders, expiry at `due`, retention. Each package is
 * handled in a transaction of its own that claims it with FOR UPDATE SKIP LOCKED, and every
 * change removes the condition that selected it, so several instances may sweep at once and a
 * second sweep changes nothing. Expiry runs before reminders: a package past its due date gets no
 * reminder. Last, work whose job was lost is queued again (sealing after retention, which leaves
 * nothing to seal). The `due-work` job runs this every minute; tests call it after moving the clock.
 */
export async function runDueWork(at: Date = now(), scope: SweepScope = {}): Promise<DueWorkDone> {
  const expired = await expireDuePackages(at, scope);
  const reminders = await sendDueReminders(at, scope);
  const purged = await purgeExpiredDocuments(at, scope);
  const requeuedDeliveries = await requeueStalledDeliveries(at, STALLED_DELIVERY_GRACE_MS, scope);
  const requeuedEmails = await requeueStalledEmails(at, scope);
  const sealingQueued = await queueUnsealedPackages(at, scope);
  return { reminders, expired, purged, requeuedDeliveries, requeuedEmails, sealingQueued };
}
