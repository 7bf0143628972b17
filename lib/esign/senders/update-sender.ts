import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { users } from "@/lib/db/schema";
import type { SenderUpdate, WireSender } from "@/lib/api/senders";
import type { Caller } from "@/lib/esign/accounts/caller";
import { assertMayAdminister } from "@/lib/esign/accounts/privileges";
import { recordAccountEvent } from "@/lib/esign/audit/record-event";
import { now } from "@/lib/esign/clock";
import { findSender, readSender } from "./sender-record";

/**
 * `POST /api/account/senders/{id}`: names, company, title and the other profile fields; never the
 * e-mail (spec 2.8). One's own profile, or a member the caller may administer (403 otherwise).
 */
export async function updateSender(db: Db, caller: Caller, senderId: string, input: SenderUpdate): Promise<WireSender> {
  return db.transaction(async (tx) => {
    const { user: before, locked } = await findSender(tx, caller, senderId, { forUpdate: true });
    await assertMayAdminister(tx, caller, before.id, { allowSelf: true });
    const changes: Partial<typeof users.$inferInsert> = { updated: now() };
    const changed: string[] = [];
    for (const key of ["firstName", "lastName", "company", "title", "phone", "language", "timezoneId", "type"] as const) {
      if (input[key] === undefined) continue;
      changes[key] = input[key];
      if (input[key] !== before[key]) changed.push(`${key} ${JSON.stringify(input[key])}`);
    }
    const [user] = await tx.update(users).set(changes).where(eq(users.id, senderId)).returning();
    if (changed.length > 0) await recordAccountEvent(tx, caller, "SENDER_UPDATE", `updated ${user.email}: ${changed.join(", ")}`);
    return readSender(tx, caller, { user, locked });
  });
}
