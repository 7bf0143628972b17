import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db, Queryable } from "@/lib/db/client";
import { accountRoles, userAccountRoles } from "@/lib/db/schema";
import type { SenderRolesAssignment, SenderRolesResponse } from "@/lib/api/senders";
import type { Caller } from "@/lib/esign/accounts/caller";
import { assertMayAdminister, assertMayGrant } from "@/lib/esign/accounts/privileges";
import { recordAccountEvent } from "@/lib/esign/audit/record-event";
import { badRequest, conflict } from "@/lib/esign/errors";
import { toWireAccountRole } from "@/lib/esign/account-roles/account-role-record";
import { grantedBy } from "@/lib/esign/permissions";
import { findSender, userNotFound } from "./sender-record";

/** The account roles a user holds in the caller's account, as the real service's `UserAccountRole` list. */

type AccountRoleRow = typeof accountRoles.$inferSelect;

async function rolesOf(db: Queryable, accountId: string, userId: string): Promise<AccountRoleRow[]> {
  const rows = await db
    .select({ role: accountRoles })
    .from(userAccountRoles)
    .innerJoin(accountRoles, eq(accountRoles.id, userAccountRoles.roleId))
    .where(and(eq(userAccountRoles.accountId, accountId), eq(userAccountRoles.userId, userId)))
    .orderBy(asc(accountRoles.created), asc(accountRoles.name), asc(accountRoles.id));
  return rows.map(({ role }) => role);
}

/** One element, the caller's account: a key or token acts in one account. */
function heldRolesAnswer(caller: Caller, userId: string, roles: AccountRoleRow[]): SenderRolesResponse {
  return [{ accountId: caller.account.id, userId, accountRoles: roles.map(toWireAccountRole) }];
}

/** An `accountId` in the request names the account to act in: it can only be the caller's. */
function assertCallersAccount(caller: Caller, accountId: string | undefined): void {
  if (accountId !== undefined && accountId !== caller.account.id) {
    throw badRequest(
      "error.validation.otherAccount",
      `accountId ${accountId} is not the account this credential acts in (${caller.account.id}); use a key of that account to manage its roles.`,
    );
  }
}

/** `GET /api/account/senders/{id}/roles`. */
export async function listSenderRoles(db: Queryable, caller: Caller, senderId: string, accountId?: string): Promise<SenderRolesResponse> {
  assertCallersAccount(caller, accountId);
  await findSender(db, caller, senderId, { notFound: userNotFound });
  return heldRolesAnswer(caller, senderId, await rolesOf(db, caller.account.id, senderId));
}

/**
 * `POST /api/account/senders/{id}/roles`: the user holds exactly these roles of the account
 * afterwards. Every id must be a role of the caller's account (400 naming the others); the
 * owner's roles do not change (409: the owner holds every permission whatever the roles say).
 * Someone other than the owner changes neither their own roles nor those of a member holding
 * more than they do, and gives or takes away only roles whose permissions they all hold (403).
 */
export async function assignSenderRoles(db: Db, caller: Caller, senderId: string, input: SenderRolesAssignment): Promise<SenderRolesResponse> {
  assertCallersAccount(caller, input.accountId);
  const wanted = [...new Set(input.roleIds)];
  return db.transaction(async (tx) => {
    const { user, isOwner } = await findSender(tx, caller, senderId, { forUpdate: true, notFound: userNotFound });
    await assertMayAdminister(tx, caller, senderId);
    if (isOwner) throw conflict("error.conflict.accountOwner", "The account owner's roles cannot be changed.");
    const known =
      wanted.length === 0
        ? []
        : await tx
            .select()
            .from(accountRoles)
            .where(and(eq(accountRoles.accountId, caller.account.id), inArray(accountRoles.id, wanted)));
    const unknown = wanted.filter((id) => !known.some((role) => role.id === id));
    if (unknown.length > 0) {
      throw badRequest("error.validation.unknownRole", `These account roles do not exist in this account: ${unknown.join(", ")}.`);
    }

    const before = await rolesOf(tx, caller.account.id, senderId);
    const added = known.filter((role) => !before.some((held) => held.id === role.id));
    const removed = before.filter((held) => !wanted.includes(held.id));
    // Enabled or not: a disabled role's permissions come back with it when it is enabled again.
    assertMayGrant(caller, [...added, ...removed].flatMap((role) => grantedBy(role.permissions)));
    if (added.length === 0 && removed.length === 0) return heldRolesAnswer(caller, senderId, before);

    if (removed.length > 0) {
      await tx.delete(userAccountRoles).where(
        and(
          eq(userAccountRoles.accountId, caller.account.id),
          eq(userAccountRoles.userId, senderId),
          inArray(
            userAccountRoles.roleId,
            removed.map((role) => role.id),
          ),
        ),
      );
    }
    if (added.length > 0) {
      await tx.insert(userAccountRoles).values(added.map((role) => ({ accountId: caller.account.id, userId: senderId, roleId: role.id })));
    }
    const after = await rolesOf(tx, caller.account.id, senderId);
    const names = after.map((role) => role.name).join(", ") || "none";
    await recordAccountEvent(tx, caller, "SENDER_ROLES_SET", `${user.email} roles: ${names}`);
    return heldRolesAnswer(caller, senderId, after);
  });
}
