import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { reminderSchedules } from "@/lib/db/schema";
import type { Caller } from "@/lib/esign/accounts/caller";
import { changePackage } from "@/lib/esign/packages/package-change";
import { clearPendingReminders } from "./plan-reminders";

/**
 * `DELETE /api/packages/{id}/reminders`: removes the schedule and its pending reminders; the
 * reminders already sent stay as history. Idempotent: without a schedule there is nothing to
 * delete, no event, and the answer is the same 204.
 */
export async function deleteReminderSchedule(db: Db, caller: Caller, packageId: string): Promise<void> {
  await changePackage(
    db,
    caller,
    packageId,
    "its reminder schedule",
    async ({ tx, record }) => {
      const deleted = await tx
        .delete(reminderSchedules)
        .where(eq(reminderSchedules.packageId, packageId))
        .returning({ packageId: reminderSchedules.packageId });
      if (deleted.length === 0) return;
      await clearPendingReminders(tx, packageId);
      await record("REMINDER_SCHEDULE_DELETE");
    },
    { allowed: "anyButTrash" },
  );
}
