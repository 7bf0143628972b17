import { asc, eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { accountMemberships, accounts } from "@/lib/db/schema";
import type { AccessibleAccountsResponse } from "@/lib/api/sub-accounts";
import type { Caller } from "@/lib/esign/accounts/caller";

/** `GET /api/account/accessibleaccounts`: every account the caller's user is a member of, the current one included. */
export async function listAccessibleAccounts(db: Db, caller: Caller): Promise<AccessibleAccountsResponse> {
  return db
    .select({ accountUid: accounts.id, accountName: accounts.name })
    .from(accountMemberships)
    .innerJoin(accounts, eq(accounts.id, accountMemberships.accountId))
    .where(eq(accountMemberships.userId, caller.user.id))
    .orderBy(asc(accountMemberships.created), asc(accounts.id));
}
