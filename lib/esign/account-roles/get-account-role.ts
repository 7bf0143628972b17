import type { Queryable } from "@/lib/db/client";
import type { AccountRoleResponse } from "@/lib/api/account-roles";
import type { Caller } from "@/lib/esign/accounts/caller";
import { findAccountRole, toWireAccountRole } from "./account-role-record";

/** `GET /api/account/roles/{accountRoleId}`. */
export async function getAccountRole(db: Queryable, caller: Caller, roleId: string): Promise<AccountRoleResponse> {
  return toWireAccountRole(await findAccountRole(db, caller, roleId));
}
