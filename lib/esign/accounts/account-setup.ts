import { eq } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import { accountMemberships, accountRoles, accounts, apiKeys, userAccountRoles } from "@/lib/db/schema";
import { newId } from "@/lib/esign/ids";
import { PREDEFINED_ROLES, type PredefinedRole } from "@/lib/esign/permissions";
import { encryptSecret, generateSecret, lookupHash } from "@/lib/esign/security/secret-crypto";

/** The building blocks of every account: sign-up and sub-account creation both use them. */

export interface NewAccount {
  name: string;
  parentAccountId?: string | null;
  timezoneId?: string;
  language?: string;
}

/** An account with its predefined roles (owner, manager, sender). */
export async function createAccount(tx: Queryable, input: NewAccount): Promise<string> {
  const accountId = newId();
  await tx.insert(accounts).values({
    id: accountId,
    name: input.name,
    parentAccountId: input.parentAccountId ?? null,
    timezoneId: input.timezoneId ?? "GMT",
    language: input.language ?? "en",
  });
  await tx.insert(accountRoles).values(
    PREDEFINED_ROLES.map((role) => ({
      id: newId(9),
      accountId,
      name: role.name,
      description: role.description,
      permissions: [...role.permissions],
      predefined: role.predefined,
    })),
  );
  return accountId;
}

export async function predefinedRoleId(tx: Queryable, accountId: string, predefined: PredefinedRole): Promise<string> {
  const rows = await tx.select({ id: accountRoles.id, predefined: accountRoles.predefined }).from(accountRoles).where(eq(accountRoles.accountId, accountId));
  const role = rows.find((row) => row.predefined === predefined);
  if (!role) throw new Error(`Account ${accountId} has no predefined ${predefined} role`);
  return role.id;
}

/** Makes the user a member of the account holding one of its predefined roles. */
export async function addMember(
  tx: Queryable,
  accountId: string,
  userId: string,
  options: { isOwner: boolean; role: PredefinedRole },
): Promise<void> {
  await tx.insert(accountMemberships).values({ accountId, userId, isOwner: options.isOwner });
  await tx.insert(userAccountRoles).values({ accountId, userId, roleId: await predefinedRoleId(tx, accountId, options.role) });
}

/** A new API key of the user in the account; the key itself is returned once and stored encrypted. */
/**
 * A new API key in the original service's format, base64 of `<userId>:<secret>`: its SDKs and
 * integrations take the user id from the key (the Java SDK's `Converter.apiKeyToUID`). It is found
 * by a keyed hash of the whole key, like every key, so keys issued before in another format still work.
 */
export function newApiKey(userId: string): string {
  return Buffer.from(`${userId}:${generateSecret()}`, "utf8").toString("base64");
}

export async function issueApiKey(tx: Queryable, userId: string, accountId: string): Promise<string> {
  const apiKey = newApiKey(userId);
  await tx.insert(apiKeys).values({ id: newId(), userId, accountId, lookupHash: lookupHash(apiKey), encryptedKey: encryptSecret(apiKey) });
  return apiKey;
}
