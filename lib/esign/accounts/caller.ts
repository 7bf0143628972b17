import { eq } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import { accounts, apiKeys, users } from "@/lib/db/schema";
import { apiKeyLookupHash } from "@/lib/esign/security/api-key-crypto";
import { predefinedPermissions, type Permission } from "@/lib/esign/permissions";

/** Who is calling: resolved once per request from the credential, passed to every use case. */
export interface Caller {
  user: {
    id: string;
    email: string;
    firstName: string;
    lastName: string;
    status: string;
    isAccountOwner: boolean;
  };
  account: { id: string; name: string };
  permissions: Set<Permission>;
  ipAddress: string;
}

export async function findCallerByApiKey(db: Queryable, apiKey: string, ipAddress: string): Promise<Caller | null> {
  const [row] = await db
    .select({ user: users, account: { id: accounts.id, name: accounts.name } })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .innerJoin(accounts, eq(accounts.id, apiKeys.accountId))
    .where(eq(apiKeys.lookupHash, apiKeyLookupHash(apiKey)))
    .limit(1);
  if (!row) return null;
  const { user, account } = row;
  return {
    user: {
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      status: user.status,
      isAccountOwner: user.isAccountOwner,
    },
    account,
    permissions: predefinedPermissions(user),
    ipAddress,
  };
}
