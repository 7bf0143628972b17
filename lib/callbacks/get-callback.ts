import { eq } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import { callbackRegistrations } from "@/lib/db/schema";
import type { CallbackResponse } from "@/lib/api/callbacks";
import type { Caller } from "@/lib/esign/accounts/caller";
import { decryptSecret } from "@/lib/esign/security/secret-crypto";

/** The account's registration as the wire shows it (the key decrypted: its owner set it), or null. */
export async function readCallback(db: Queryable, accountId: string): Promise<CallbackResponse | null> {
  const [row] = await db.select().from(callbackRegistrations).where(eq(callbackRegistrations.accountId, accountId));
  if (!row) return null;
  const registration: CallbackResponse = { url: row.url, events: row.events };
  if (row.encryptedKey) registration.key = decryptSecret(row.encryptedKey);
  return registration;
}

/** `GET /api/callback`: null (204 on the wire) when the account has none. */
export async function getCallback(db: Queryable, caller: Caller): Promise<CallbackResponse | null> {
  return readCallback(db, caller.account.id);
}
