import { asc, eq } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import { reminderSchedules, reminders } from "@/lib/db/schema";
import type { ReminderScheduleResponse, WireReminder } from "@/lib/api/reminders";
import { wireDate } from "@/lib/api/wire";
import type { Caller } from "@/lib/esign/accounts/caller";
import { findPackage } from "@/lib/esign/packages/find-package";

/** The schedule with its reminders (sent and planned, by due date), or null when there is none. */
export async function readReminderSchedule(db: Queryable, packageId: string): Promise<ReminderScheduleResponse | null> {
  const [schedule] = await db.select().from(reminderSchedules).where(eq(reminderSchedules.packageId, packageId));
  if (!schedule) return null;
  const rows = await db
    .select()
    .from(reminders)
    .where(eq(reminders.packageId, packageId))
    .orderBy(asc(reminders.date), asc(reminders.id));
  return {
    packageId,
    startInDaysDelay: schedule.startInDaysDelay,
    intervalInDays: schedule.intervalInDays,
    repetitionsCount: schedule.repetitionsCount,
    reminders: rows.map((row) => {
      const reminder: WireReminder = { date: wireDate(row.date) };
      if (row.sentDate) reminder.sentDate = wireDate(row.sentDate);
      return reminder;
    }),
  };
}

/** `GET /api/packages/{id}/reminders`: null (204 on the wire) when the package has no schedule. */
export async function getReminderSchedule(
  db: Queryable,
  caller: Caller,
  packageId: string,
): Promise<ReminderScheduleResponse | null> {
  await findPackage(db, caller, packageId);
  return readReminderSchedule(db, packageId);
}
