import { and, count, eq, gte, isNull } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import { reminderSchedules, reminders } from "@/lib/db/schema";

/**
 * When a schedule's reminders fall due, and how the planned `reminders` rows follow the schedule.
 * Days are 24-hour days counted from the moment the package was sent: the first reminder at
 * sent + startInDaysDelay days, then one every intervalInDays, repetitionsCount in all.
 * `planReminderDates` and `pendingReminderDates` are pure; the two functions below them apply
 * the plan in the caller's transaction.
 */
export interface ReminderTimings {
  startInDaysDelay: number;
  intervalInDays: number;
  repetitionsCount: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export function planReminderDates(sentAt: Date, timings: ReminderTimings): Date[] {
  const dates: Date[] = [];
  for (let i = 0; i < timings.repetitionsCount; i++) {
    const days = timings.startInDaysDelay + i * timings.intervalInDays;
    dates.push(new Date(sentAt.getTime() + days * DAY_MS));
  }
  return dates;
}

/**
 * The reminders still to send when `alreadySent` of this sending's reminders went out: the
 * schedule's plan without its first `alreadySent` dates (none once the count is reached).
 */
export function pendingReminderDates(sentAt: Date, timings: ReminderTimings, alreadySent: number): Date[] {
  return planReminderDates(sentAt, timings).slice(alreadySent);
}

/**
 * Replaces the package's pending (unsent) reminders. With `sentAt` (the package is out for
 * signing since then) it plans the schedule's reminders from that moment, less those that went
 * out since; reminders already sent are never touched. Without `sentAt` it only removes the
 * pending ones: they are planned when the package is sent.
 */
export async function replanPendingReminders(
  tx: Queryable,
  packageId: string,
  timings: ReminderTimings,
  sentAt: Date | null,
): Promise<void> {
  await clearPendingReminders(tx, packageId);
  if (!sentAt) return;
  const [{ alreadySent }] = await tx
    .select({ alreadySent: count() })
    .from(reminders)
    .where(and(eq(reminders.packageId, packageId), gte(reminders.sentDate, sentAt)));
  const dates = pendingReminderDates(sentAt, timings, alreadySent);
  if (dates.length > 0) await tx.insert(reminders).values(dates.map((date) => ({ packageId, date })));
}

/**
 * For the package-sending code, in its transaction (package row already locked): when the package
 * has a reminder schedule, its pending reminders become a fresh plan counted from `sentAt`.
 * Reminders sent after an earlier sending stay as history. Without a schedule it does nothing.
 */
export async function planRemindersOnSend(tx: Queryable, packageId: string, sentAt: Date): Promise<void> {
  const [schedule] = await tx.select().from(reminderSchedules).where(eq(reminderSchedules.packageId, packageId));
  if (!schedule) return;
  await replanPendingReminders(tx, packageId, schedule, sentAt);
}

/** The package stopped being out for signing (back to draft, trashed, completed, deleted): no more reminders. */
export async function clearPendingReminders(tx: Queryable, packageId: string): Promise<void> {
  await tx.delete(reminders).where(and(eq(reminders.packageId, packageId), isNull(reminders.sentDate)));
}
