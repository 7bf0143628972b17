import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { reminderSchedules } from "@/lib/db/schema";
import type { ReminderScheduleRequest, ReminderScheduleResponse } from "@/lib/api/reminders";
import type { Caller } from "@/lib/esign/accounts/caller";
import { recordEvent } from "@/lib/esign/audit/record-event";
import { now } from "@/lib/esign/clock";
import { badRequest, conflict, notFound } from "@/lib/esign/errors";
import { findPackageToChange } from "@/lib/esign/packages/find-package";
import { readReminderSchedule } from "./get-reminder-schedule";
import { replanPendingReminders, type ReminderTimings } from "./plan-reminders";

/** A body's `packageId` is optional; when given it must be the package of the path. */
export function assertSamePackage(packageId: string, input: ReminderScheduleRequest): void {
  if (input.packageId !== undefined && input.packageId !== packageId) {
    throw badRequest(
      "error.validation.packageIdMismatch",
      `The body's packageId ${input.packageId} is not the package of the path (${packageId}).`,
    );
  }
}

export function describeTimings(timings: ReminderTimings): string {
  return `startInDaysDelay=${timings.startInDaysDelay} intervalInDays=${timings.intervalInDays} repetitionsCount=${timings.repetitionsCount}`;
}

/**
 * `PUT /api/packages/{id}/reminders`: in any state but the trash (spec 4.2: also after sending).
 * On a SENT package the pending reminders are re-planned from the time it was sent.
 */
export async function updateReminderSchedule(
  db: Db,
  caller: Caller,
  packageId: string,
  input: ReminderScheduleRequest,
): Promise<ReminderScheduleResponse> {
  assertSamePackage(packageId, input);
  return db.transaction(async (tx) => {
    const pkg = await findPackageToChange(tx, caller, packageId);
    if (pkg.trashed) {
      throw conflict("error.conflict.packageTrashed", "The package is in the trash; restore it before changing its reminder schedule.");
    }
    const timings = {
      startInDaysDelay: input.startInDaysDelay,
      intervalInDays: input.intervalInDays,
      repetitionsCount: input.repetitionsCount,
    };
    const updated = await tx
      .update(reminderSchedules)
      .set({ ...timings, updated: now() })
      .where(eq(reminderSchedules.packageId, packageId))
      .returning({ packageId: reminderSchedules.packageId });
    if (updated.length === 0) {
      throw notFound(
        "error.notFound.reminderScheduleNotFound",
        `Package ${packageId} has no reminder schedule; create one with POST while the package is a DRAFT.`,
      );
    }
    await replanPendingReminders(tx, packageId, timings, pkg.status === "SENT" ? pkg.sent : null);
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
