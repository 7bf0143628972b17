import type { Db } from "@/lib/db/client";
import { reminderSchedules } from "@/lib/db/schema";
import type { ReminderScheduleRequest, ReminderScheduleResponse } from "@/lib/api/reminders";
import type { Caller } from "@/lib/esign/accounts/caller";
import { recordEvent } from "@/lib/esign/audit/record-event";
import { now } from "@/lib/esign/clock";
import { conflict } from "@/lib/esign/errors";
import { findPackageToChange } from "@/lib/esign/packages/find-package";
import { assertEditable, type PackageState } from "@/lib/esign/packages/package-status";
import { readReminderSchedule } from "./get-reminder-schedule";
import { replanPendingReminders } from "./plan-reminders";
import { assertSamePackage, describeTimings } from "./update-reminder-schedule";

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
  return db.transaction(async (tx) => {
    const pkg = await findPackageToChange(tx, caller, packageId);
    assertEditable(pkg as PackageState, "its reminder schedule");
    if (await readReminderSchedule(tx, packageId)) {
      throw conflict(
        "error.conflict.reminderScheduleExists",
        "The package already has a reminder schedule; change it with PUT or delete it first.",
      );
    }
    const timings = {
      startInDaysDelay: input.startInDaysDelay,
      intervalInDays: input.intervalInDays,
      repetitionsCount: input.repetitionsCount,
    };
    const at = now();
    await tx.insert(reminderSchedules).values({ packageId, ...timings, created: at, updated: at });
    // A DRAFT that was sent before keeps stale pending reminders of that sending; drop them.
    await replanPendingReminders(tx, packageId, timings, null);
    await recordEvent(tx, {
      accountId: pkg.accountId,
      packageId,
      name: "REMINDER_SCHEDULE_SET",
      sessionUser: caller.user.id,
      message: describeTimings(timings),
      ipAddress: caller.ipAddress,
    });
    return (await readReminderSchedule(tx, packageId))!;
  });
}
