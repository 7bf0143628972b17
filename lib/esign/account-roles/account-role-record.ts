import { and, eq, ne, sql } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import { accountRoles, accounts } from "@/lib/db/schema";
import type { WireAccountRole } from "@/lib/api/account-roles";
import type { Caller } from "@/lib/esign/accounts/caller";
import { badRequest, conflict, notFound } from "@/lib/esign/errors";
import { isRoleGrant } from "@/lib/esign/permissions";

/** What every account-role use case shares: reading a role of the caller's account and the rules of a role's content. */

export type AccountRoleRow = typeof accountRoles.$inferSelect;

export function toWireAccountRole(row: AccountRoleRow): WireAccountRole {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    enabled: row.enabled,
    permissions: row.permissions,
    predefined: row.predefined !== null,
  };
}

/** The role of the caller's account; another account's role answers 404 exactly like a missing one. */
export async function findAccountRole(db: Queryable, caller: Caller, roleId: string): Promise<AccountRoleRow> {
  const [row] = await db
    .select()
    .from(accountRoles)
    .where(and(eq(accountRoles.id, roleId), eq(accountRoles.accountId, caller.account.id)));
  if (!row) throw notFound("error.notFound.accountRoleNotFound", `Account role ${roleId} was not found.`);
  return row;
}

/** A role's permissions as the audit trail shows them. */
export function permissionList(permissions: readonly string[]): string {
  return permissions.join(", ") || "none";
}

export function assertNotPredefined(row: AccountRoleRow): void {
  if (row.predefined !== null) {
    throw conflict(
      "error.conflict.predefinedRole",
      `"${row.name}" is a predefined role: it cannot be changed or deleted. Create a role of your own instead.`,
    );
  }
}

/**
 * The names deduplicated, in the client's order: Signet's permissions and the original service's
 * (see ORIGINAL_PERMISSIONS); any other name is a 400 that names it.
 */
export function knownPermissions(names: string[]): string[] {
  const unknown = names.filter((name) => !isRoleGrant(name));
  if (unknown.length > 0) {
    throw badRequest(
      "error.validation.unknownPermission",
      `Unknown permission${unknown.length > 1 ? "s" : ""}: ${[...new Set(unknown)].join(", ")}. GET /api/account/permissions lists them all; the original service's ids are accepted too.`,
    );
  }
  return [...new Set(names)];
}

/**
 * Role names are unique in an account, compared without case. The account row is locked first so
 * that two requests naming roles at the same time cannot both pass the check.
 */
export async function assertNameFree(tx: Queryable, accountId: string, name: string, exceptRoleId?: string): Promise<void> {
  await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId)).for("update");
  const [taken] = await tx
    .select({ id: accountRoles.id })
    .from(accountRoles)
    .where(
      and(
        eq(accountRoles.accountId, accountId),
        sql`lower(${accountRoles.name}) = lower(${name})`,
        exceptRoleId ? ne(accountRoles.id, exceptRoleId) : undefined,
      ),
    );
  if (taken) throw conflict("error.conflict.accountRoleNameTaken", `The account already has a role named "${name}".`);
}
