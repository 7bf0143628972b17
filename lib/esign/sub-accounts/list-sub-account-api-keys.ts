import { and, asc, eq, ne } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { accountMemberships, accounts, apiKeys } from "@/lib/db/schema";
import type { SubAccountApiKeysResponse } from "@/lib/api/sub-accounts";
import type { Caller } from "@/lib/esign/accounts/caller";
import { decryptSecret } from "@/lib/esign/security/secret-crypto";

/**
 * `GET /api/account/subaccountApiKeys`: the caller's own API keys in the other accounts they are a
 * member of (never anyone else's keys), so that one key leads to the others.
 */
export async function listSubAccountApiKeys(db: Db, caller: Caller): Promise<SubAccountApiKeysResponse> {
  const rows = await db
    .select({ accountUid: accounts.id, accountName: accounts.name, encryptedKey: apiKeys.encryptedKey })
    .from(apiKeys)
    .innerJoin(accounts, eq(accounts.id, apiKeys.accountId))
    .innerJoin(accountMemberships, and(eq(accountMemberships.accountId, apiKeys.accountId), eq(accountMemberships.userId, apiKeys.userId)))
    .where(and(eq(apiKeys.userId, caller.user.id), ne(apiKeys.accountId, caller.account.id)))
    .orderBy(asc(accountMemberships.created), asc(apiKeys.created), asc(apiKeys.id));
  return rows.map((row) => ({ accountUid: row.accountUid, accountName: row.accountName, apiKey: decryptSecret(row.encryptedKey) }));
}
