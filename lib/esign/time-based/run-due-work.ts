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
  /** Completed packages left unsealed (their sealing job lost or failed), queued for sealing again. */
  sealingQueued: number;
}

/**
 * The time-based rules, as of `at`: due reminders, expiry at `due`, retention. Each package is
 * handled in a transaction of its own that claims it with FOR UPDATE SKIP LOCKED, and every
 * change removes the condition that selected it, so several instances may sweep at once and a
 * second sweep changes nothing. Expiry runs before reminders: a package past its due date gets no
 * reminder. Last, completed packages whose sealing job was lost are queued again (after retention,
 * which leaves nothing to seal). The `due-work` job (lib/jobs/due-work-job.ts) runs this every
 * minute, then the e-mail's and callbacks' own sweeps; tests call it after moving the clock.
 */
export async function runDueWork(at: Date = now(), scope: SweepScope = {}): Promise<DueWorkDone> {
  const expired = await expireDuePackages(at, scope);
  const reminders = await sendDueReminders(at, scope);
  const purged = await purgeExpiredDocuments(at, scope);
  const sealingQueued = await queueUnsealedPackages(at, scope);
  return { reminders, expired, purged, sealingQueued };
}
