import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { reminderSchedules } from "@/lib/db/schema";
import type { ReminderScheduleRequest, ReminderScheduleResponse } from "@/lib/api/reminders";
import type { Caller } from "@/lib/esign/accounts/caller";
import { now } from "@/lib/esign/clock";
import { badRequest, notFound } from "@/lib/esign/errors";
import { changePackage } from "@/lib/esign/packages/package-change";
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

export function timingsOf(input: ReminderScheduleRequest): ReminderTimings {
  const { startInDaysDelay, intervalInDays, repetitionsCount } = input;
  return { startInDaysDelay, intervalInDays, repetitionsCount };
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
  return changePackage(
    db,
    caller,
    packageId,
    "its reminder schedule",
    async ({ tx, row, record }) => {
      const timings = timingsOf(input);
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
      await replanPendingReminders(tx, packageId, timings, row.status === "SENT" ? row.sent : null);
      await record("REMINDER_SCHEDULE_SET", { message: describeTimings(timings) });
      return (await readReminderSchedule(tx, packageId))!;
    },
    { allowed: "anyButTrash" },
  );
}
