import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { accountRoles } from "@/lib/db/schema";
import type { Caller } from "@/lib/esign/accounts/caller";
import { assertMayAdministerHolders, assertMayGrant } from "@/lib/esign/accounts/privileges";
import { recordAccountEvent } from "@/lib/esign/audit/record-event";
import { grantedBy } from "@/lib/esign/permissions";
import { assertNotPredefined, findAccountRole } from "./account-role-record";

/**
 * `DELETE /api/account/roles/{accountRoleId}`: the role and, by the foreign key's cascade, every
 * assignment of it; its holders lose its permissions at once. Predefined roles stay (409), and
 * like any change, only the owner or someone holding all of the role's permissions may do it.
 */
export async function deleteAccountRole(db: Db, caller: Caller, roleId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const role = await findAccountRole(tx, caller, roleId);
    assertNotPredefined(role);
    assertMayGrant(caller, grantedBy(role.permissions));
    await assertMayAdministerHolders(tx, caller, role.id);
    await tx.delete(accountRoles).where(eq(accountRoles.id, roleId));
    await recordAccountEvent(tx, caller, "ACCOUNT_ROLE_DELETE", `deleted "${role.name}"`);
  });
}
