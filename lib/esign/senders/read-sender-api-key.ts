import { and, asc, eq } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import { apiKeys } from "@/lib/db/schema";
import type { SenderApiKeyResponse } from "@/lib/api/senders";
import type { Caller } from "@/lib/esign/accounts/caller";
import { assertMayAdminister } from "@/lib/esign/accounts/privileges";
import { forbidden, notFound } from "@/lib/esign/errors";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { decryptSecret } from "@/lib/esign/security/secret-crypto";
import { findSender } from "./sender-record";

/**
 * `GET /api/account/senders/{id}/apiKey` (spec 4.6): the sender's integration key in the caller's
 * account, decrypted (never a sign-in key). A key acts with every permission of its sender, so another's key is read only with
 * users.api_keys by a caller who may administer the sender (the owner: anyone's). One's own key
 * needs no permission (our extension, as `GET /api/account/subaccountApiKeys`): the caller already
 * acts with it. Only with an API key: a short-lived access token must not turn into a lasting key.
 */
export async function readSenderApiKey(db: Queryable, caller: Caller, senderId: string): Promise<SenderApiKeyResponse> {
  if (senderId !== caller.user.id && !caller.permissions.has(PERMISSIONS.usersApiKeys)) {
    throw forbidden("error.forbidden.noPermission", `This action needs the permission ${PERMISSIONS.usersApiKeys}.`);
  }
  if (caller.credential !== "apiKey") {
    throw forbidden("error.forbidden.apiKeysNeedApiKey", "API keys are handed out only to a caller authenticated with an API key, not with an access token.");
  }
  await findSender(db, caller, senderId);
  await assertMayAdminister(db, caller, senderId, { allowSelf: true });
  const [key] = await db
    .select({ encryptedKey: apiKeys.encryptedKey })
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, senderId), eq(apiKeys.accountId, caller.account.id), eq(apiKeys.kind, "INTEGRATION")))
    .orderBy(asc(apiKeys.created), asc(apiKeys.id))
    .limit(1);
  if (!key) throw notFound("error.notFound.apiKeyNotFound", `Sender ${senderId} has no API key in this account.`);
  return { apiKey: decryptSecret(key.encryptedKey) };
}
