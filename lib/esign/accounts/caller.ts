import { and, eq, gt } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import { accessTokens, accountMemberships, accountRoles, accounts, apiKeys, userAccountRoles, users } from "@/lib/db/schema";
import { now } from "@/lib/esign/clock";
import { ALL_PERMISSIONS, isPermission, type Permission } from "@/lib/esign/permissions";
import { lookupHash } from "@/lib/esign/security/secret-crypto";

/** Who is calling: resolved once per request from the credential, passed to every use case. */
export interface Caller {
  user: {
    id: string;
    email: string;
    firstName: string;
    lastName: string;
    /** INVITED, ACTIVE or LOCKED. */
    status: string;
    /** Owner of the account the credential acts in (not necessarily the user's home account). */
    isAccountOwner: boolean;
  };
  /** The account the credential acts in: a key or token belongs to one account. */
  account: { id: string; name: string };
  permissions: Set<Permission>;
  ipAddress: string;
}

/** The caller acting as `userId` in `accountId`: their membership there and the permissions of their enabled roles. */
export async function callerFor(db: Queryable, userId: string, accountId: string, ipAddress: string): Promise<Caller | null> {
  const [row] = await db
    .select({ user: users, account: { id: accounts.id, name: accounts.name }, isOwner: accountMemberships.isOwner })
    .from(accountMemberships)
    .innerJoin(users, eq(users.id, accountMemberships.userId))
    .innerJoin(accounts, eq(accounts.id, accountMemberships.accountId))
    .where(and(eq(accountMemberships.userId, userId), eq(accountMemberships.accountId, accountId)));
  if (!row) return null;
  let permissions: Set<Permission>;
  if (row.isOwner) {
    permissions = new Set(ALL_PERMISSIONS);
  } else {
    const roleRows = await db
      .select({ permissions: accountRoles.permissions })
      .from(userAccountRoles)
      .innerJoin(accountRoles, eq(accountRoles.id, userAccountRoles.roleId))
      .where(and(eq(userAccountRoles.userId, userId), eq(userAccountRoles.accountId, accountId), eq(accountRoles.enabled, true)));
    permissions = new Set(roleRows.flatMap((role) => role.permissions).filter(isPermission));
  }
  const { user } = row;
  return {
    user: {
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      status: user.status,
      isAccountOwner: row.isOwner,
    },
    account: row.account,
    permissions,
    ipAddress,
  };
}

export async function findCallerByApiKey(db: Queryable, apiKey: string, ipAddress: string): Promise<Caller | null> {
  const [key] = await db
    .select({ userId: apiKeys.userId, accountId: apiKeys.accountId })
    .from(apiKeys)
    .where(eq(apiKeys.lookupHash, lookupHash(apiKey)));
  return key ? callerFor(db, key.userId, key.accountId, ipAddress) : null;
}

export async function findCallerByAccessToken(db: Queryable, token: string, ipAddress: string): Promise<Caller | null> {
  const [row] = await db
    .select({ userId: accessTokens.userId, accountId: accessTokens.accountId })
    .from(accessTokens)
    .where(and(eq(accessTokens.lookupHash, lookupHash(token)), gt(accessTokens.expires, now())));
  return row ? callerFor(db, row.userId, row.accountId, ipAddress) : null;
}
