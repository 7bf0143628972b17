import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { callbackRegistrations } from "@/lib/db/schema";
import type { Caller } from "@/lib/esign/accounts/caller";
import { recordAccountEvent } from "@/lib/esign/audit/record-event";
import { cancelPendingDeliveries } from "./deliveries";
import { auditedUrl } from "./register-callback";

/** `DELETE /api/callback` (our extension): no more notifications, pending ones cancelled. Idempotent: without one the answer is the same 204. */
export async function deleteCallback(db: Db, caller: Caller): Promise<void> {
  await db.transaction(async (tx) => {
    const deleted = await tx
      .delete(callbackRegistrations)
      .where(eq(callbackRegistrations.accountId, caller.account.id))
      .returning({ url: callbackRegistrations.url });
    if (deleted.length === 0) return;
    await cancelPendingDeliveries(tx, caller.account.id, null);
    await recordAccountEvent(tx, caller, "CALLBACK_DELETE", `removed ${auditedUrl(deleted[0].url)}`);
  });
}
