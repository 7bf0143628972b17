import type { Db } from "@/lib/db/client";
import { reminderSchedules } from "@/lib/db/schema";
import type { ReminderScheduleRequest, ReminderScheduleResponse } from "@/lib/api/reminders";
import type { Caller } from "@/lib/esign/accounts/caller";
import { now } from "@/lib/esign/clock";
import { conflict } from "@/lib/esign/errors";
import { changePackage } from "@/lib/esign/packages/package-change";
import { readReminderSchedule } from "./get-reminder-schedule";
import { clearPendingReminders } from "./plan-reminders";
import { assertSamePackage, describeTimings, timingsOf } from "./update-reminder-schedule";

/**
 * `POST /api/packages/{id}/reminders`: only while the package is a DRAFT (spec 3.2 rule 1), and
 * only once (a second create is a 409; change a schedule with PUT). Reminders are planned when
 * the package is sent.
 */
export async function createReminderSchedule(
  db: Db,
  caller: Caller,
  packageId: string,
  input: ReminderScheduleRequest,
): Promise<ReminderScheduleResponse> {
  assertSamePackage(packageId, input);
  return changePackage(db, caller, packageId, "its reminder schedule", async ({ tx, record }) => {
    if (await readReminderSchedule(tx, packageId)) {
      throw conflict(
        "error.conflict.reminderScheduleExists",
        "The package already has a reminder schedule; change it with PUT or delete it first.",
      );
    }
    const timings = timingsOf(input);
    const at = now();
    await tx.insert(reminderSchedules).values({ packageId, ...timings, created: at, updated: at });
    // A DRAFT that was sent before may keep pending reminders of that sending; drop them.
    await clearPendingReminders(tx, packageId);
    await record("REMINDER_SCHEDULE_SET", { message: describeTimings(timings) });
    return (await readReminderSchedule(tx, packageId))!;
  });
}
