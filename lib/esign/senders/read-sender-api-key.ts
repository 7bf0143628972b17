import { and, asc, eq } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import { apiKeys } from "@/lib/db/schema";
import type { SenderApiKeyResponse } from "@/lib/api/senders";
import type { Caller } from "@/lib/esign/accounts/caller";
import { forbidden, notFound } from "@/lib/esign/errors";
import { decryptSecret } from "@/lib/esign/security/secret-crypto";
import { findSender } from "./sender-record";

/**
 * `GET /api/account/senders/{id}/apiKey` (spec 4.6): the sender's key in the caller's account,
 * decrypted. The owner's key acts with every permission, so only the owner reads it: a holder of
 * users.api_keys could otherwise raise themselves to owner.
 */
export async function readSenderApiKey(db: Queryable, caller: Caller, senderId: string): Promise<SenderApiKeyResponse> {
  const { isOwner } = await findSender(db, caller, senderId);
  if (isOwner && !caller.user.isAccountOwner) {
    throw forbidden("error.forbidden.ownerApiKey", "Only the account owner can read the account owner's API key.");
  }
  const [key] = await db
    .select({ encryptedKey: apiKeys.encryptedKey })
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, senderId), eq(apiKeys.accountId, caller.account.id)))
    .orderBy(asc(apiKeys.created), asc(apiKeys.id))
    .limit(1);
  if (!key) throw notFound("error.notFound.apiKeyNotFound", `Sender ${senderId} has no API key in this account.`);
  return { apiKey: decryptSecret(key.encryptedKey) };
}
