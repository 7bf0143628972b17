import type { Db } from "@/lib/db/client";
import { accountRoles } from "@/lib/db/schema";
import type { AccountRoleCreateRequest, AccountRoleResponse } from "@/lib/api/account-roles";
import type { Caller } from "@/lib/esign/accounts/caller";
import { assertMayGrant } from "@/lib/esign/accounts/privileges";
import { recordAccountEvent } from "@/lib/esign/audit/record-event";
import { grantedBy } from "@/lib/esign/permissions";
import { now } from "@/lib/esign/clock";
import { newId } from "@/lib/esign/ids";
import { assertNameFree, knownPermissions, permissionList, toWireAccountRole } from "./account-role-record";

/** `POST /api/account/roles`: a role of the caller's account, enabled unless the client says otherwise. */
export async function createAccountRole(db: Db, caller: Caller, input: AccountRoleCreateRequest): Promise<AccountRoleResponse> {
  const permissions = knownPermissions(input.permissions);
  assertMayGrant(caller, grantedBy(permissions));
  return db.transaction(async (tx) => {
    await assertNameFree(tx, caller.account.id, input.name);
    const at = now();
    const [row] = await tx
      .insert(accountRoles)
      .values({
        id: newId(9),
        accountId: caller.account.id,
        name: input.name,
        description: input.description ?? "",
        enabled: input.enabled ?? true,
        permissions,
        predefined: null,
        created: at,
        updated: at,
      })
      .returning();
    const disabled = row.enabled ? "" : " (disabled)";
    await recordAccountEvent(tx, caller, "ACCOUNT_ROLE_CREATE", `created "${row.name}"${disabled}, permissions: ${permissionList(row.permissions)}`);
    return toWireAccountRole(row);
  });
}
