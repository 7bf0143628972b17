import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { accountRoles } from "@/lib/db/schema";
import type { AccountRoleResponse, AccountRoleUpdateRequest } from "@/lib/api/account-roles";
import type { Caller } from "@/lib/esign/accounts/caller";
import { assertMayAdministerHolders, assertMayGrant } from "@/lib/esign/accounts/privileges";
import { recordAccountEvent } from "@/lib/esign/audit/record-event";
import { now } from "@/lib/esign/clock";
import { grantedBy } from "@/lib/esign/permissions";
import {
  assertNameFree,
  assertNotPredefined,
  findAccountRole,
  knownPermissions,
  permissionList,
  toWireAccountRole,
  type AccountRoleRow,
} from "./account-role-record";

/** What the update changed, for the audit trail; empty when nothing did. */
function roleChanges(before: AccountRoleRow, after: AccountRoleRow): string {
  const changes: string[] = [];
  if (after.name !== before.name) changes.push(`renamed from "${before.name}"`);
  if (after.description !== before.description) changes.push("description changed");
  if (after.enabled !== before.enabled) changes.push(after.enabled ? "enabled" : "disabled");
  if (permissionList(after.permissions) !== permissionList(before.permissions)) changes.push(`permissions: ${permissionList(after.permissions)}`);
  return changes.join(", ");
}

/**
 * `PUT /api/account/roles/{accountRoleId}`: a partial update of name, description, enabled and
 * permissions. Holders gain or lose the permissions at once (the caller is resolved per request
 * from the enabled roles). Predefined roles cannot be changed (409); someone other than the owner
 * changes only a role whose current and new permissions they all hold (403).
 */
export async function updateAccountRole(
  db: Db,
  caller: Caller,
  roleId: string,
  input: AccountRoleUpdateRequest,
): Promise<AccountRoleResponse> {
  const permissions = input.permissions === undefined ? undefined : knownPermissions(input.permissions);
  return db.transaction(async (tx) => {
    const role = await findAccountRole(tx, caller, roleId);
    assertNotPredefined(role);
    // What the role holds now and what it would hold: changing a role is taking away the first and granting the second.
    assertMayGrant(caller, grantedBy([...role.permissions, ...(permissions ?? [])]));
    await assertMayAdministerHolders(tx, caller, role.id);
    if (input.name !== undefined) await assertNameFree(tx, caller.account.id, input.name, role.id);
    const [row] = await tx
      .update(accountRoles)
      .set({
        name: input.name,
        description: input.description,
        enabled: input.enabled,
        permissions,
        updated: now(),
      })
      .where(eq(accountRoles.id, role.id))
      .returning();
    const changes = roleChanges(role, row);
    if (changes) await recordAccountEvent(tx, caller, "ACCOUNT_ROLE_UPDATE", `"${row.name}": ${changes}`);
    return toWireAccountRole(row);
  });
}
