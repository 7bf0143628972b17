import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { accountMemberships, accounts, apiKeys } from "@/lib/db/schema";
import type { SubAccountApiKeysResponse } from "@/lib/api/sub-accounts";
import type { Caller } from "@/lib/esign/accounts/caller";
import { forbidden } from "@/lib/esign/errors";
import { decryptSecret } from "@/lib/esign/security/secret-crypto";
import { descendantsOf } from "./account-tree";

/**
 * `GET /api/account/subaccountApiKeys` (spec 4.4, "the API keys of the current user in the sub
 * accounts"): the caller's own keys in the accounts below the current one where they are a
 * member, in the order of the tree. Never the parent's or a sibling's (a child's key must not
 * lead up or sideways), never anyone else's. Only for an API key: a short-lived access token
 * must not turn into lasting keys.
 */
export async function listSubAccountApiKeys(db: Db, caller: Caller): Promise<SubAccountApiKeysResponse> {
  if (caller.credential !== "apiKey") {
    throw forbidden("error.forbidden.apiKeysNeedApiKey", "API keys are handed out only to a caller authenticated with an API key, not with an access token.");
  }
  const below = (await descendantsOf(db, caller.account.id)).map((account) => account.id);
  if (below.length === 0) return [];
  const rows = await db
    .select({ accountUid: accounts.id, accountName: accounts.name, encryptedKey: apiKeys.encryptedKey })
    .from(apiKeys)
    .innerJoin(accounts, eq(accounts.id, apiKeys.accountId))
    .innerJoin(accountMemberships, and(eq(accountMemberships.accountId, apiKeys.accountId), eq(accountMemberships.userId, apiKeys.userId)))
    .where(and(eq(apiKeys.userId, caller.user.id), inArray(apiKeys.accountId, below), eq(apiKeys.kind, "INTEGRATION")))
    .orderBy(asc(apiKeys.created), asc(apiKeys.id));
  // The order of the tree: children, then grandchildren, each level in creation order.
  rows.sort((a, b) => below.indexOf(a.accountUid) - below.indexOf(b.accountUid));
  return rows.map((row) => ({ accountUid: row.accountUid, accountName: row.accountName, apiKey: decryptSecret(row.encryptedKey) }));
}
