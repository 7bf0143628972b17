import { eq } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import { callbackRegistrations } from "@/lib/db/schema";
import type { Caller } from "@/lib/esign/accounts/caller";

/** `DELETE /api/callback` (our extension): no more notifications. Idempotent: without one the answer is the same 204. */
export async function deleteCallback(db: Queryable, caller: Caller): Promise<void> {
  await db.delete(callbackRegistrations).where(eq(callbackRegistrations.accountId, caller.account.id));
}
