import { asc, eq } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import { accountRoles } from "@/lib/db/schema";
import type { AccountRoleListResponse } from "@/lib/api/account-roles";
import type { Caller } from "@/lib/esign/accounts/caller";
import { PREDEFINED_ROLES } from "@/lib/esign/permissions";
import { toWireAccountRole, type AccountRoleRow } from "./account-role-record";

/** Owner, manager, sender, then the account's own roles in the order they were made. */
function rank(row: AccountRoleRow): number {
  const index = PREDEFINED_ROLES.findIndex((role) => role.predefined === row.predefined);
  return index === -1 ? PREDEFINED_ROLES.length : index;
}

/** `GET /api/account/roles`: every role of the account (a handful: no paging), the predefined ones first. */
export async function listAccountRoles(db: Queryable, caller: Caller): Promise<AccountRoleListResponse> {
  const rows = await db
    .select()
    .from(accountRoles)
    .where(eq(accountRoles.accountId, caller.account.id))
    .orderBy(asc(accountRoles.created), asc(accountRoles.id));
  const results = rows.sort((a, b) => rank(a) - rank(b)).map(toWireAccountRole);
  return { results, count: results.length };
}
