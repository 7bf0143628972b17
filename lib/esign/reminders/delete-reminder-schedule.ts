import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { reminderSchedules, reminders } from "@/lib/db/schema";
import type { Caller } from "@/lib/esign/accounts/caller";
import { recordEvent } from "@/lib/esign/audit/record-event";
import { conflict } from "@/lib/esign/errors";
import { findPackageToChange } from "@/lib/esign/packages/find-package";

/**
 * `DELETE /api/packages/{id}/reminders`: removes the schedule and its pending reminders; the
 * reminders already sent stay as history. Idempotent: without a schedule there is nothing to
 * delete, no event, and the answer is the same 204.
 */
export async function deleteReminderSchedule(db: Db, caller: Caller, packageId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const pkg = await findPackageToChange(tx, caller, packageId);
    if (pkg.trashed) {
      throw conflict("error.conflict.packageTrashed", "The package is in the trash; restore it before changing its reminder schedule.");
    }
    const deleted = await tx
      .delete(reminderSchedules)
      .where(eq(reminderSchedules.packageId, packageId))
      .returning({ packageId: reminderSchedules.packageId });
    if (deleted.length === 0) return;
    await tx.delete(reminders).where(and(eq(reminders.packageId, packageId), isNull(reminders.sentDate)));
    await recordEvent(tx, {
      accountId: pkg.accountId,
      packageId,
      name: "REMINDER_SCHEDULE_DELETE",
      sessionUser: caller.user.id,
      ipAddress: caller.ipAddress,
    });
  });
}
