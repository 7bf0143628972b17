import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db, Queryable } from "@/lib/db/client";
import { accountRoles, userAccountRoles } from "@/lib/db/schema";
import type { SenderRolesResponse, WireSenderRole } from "@/lib/api/senders";
import type { Caller } from "@/lib/esign/accounts/caller";
import { recordAccountEvent } from "@/lib/esign/audit/record-event";
import { badRequest, conflict } from "@/lib/esign/errors";
import { findSender } from "./sender-record";

/** The account roles a user holds in the caller's account. */

function wireRole(role: typeof accountRoles.$inferSelect): WireSenderRole {
  return {
    id: role.id,
    name: role.name,
    description: role.description,
    enabled: role.enabled,
    permissions: [...role.permissions],
    predefined: role.predefined !== null,
  };
}

async function rolesOf(db: Queryable, accountId: string, userId: string): Promise<SenderRolesResponse> {
  const rows = await db
    .select({ role: accountRoles })
    .from(userAccountRoles)
    .innerJoin(accountRoles, eq(accountRoles.id, userAccountRoles.roleId))
    .where(and(eq(userAccountRoles.accountId, accountId), eq(userAccountRoles.userId, userId)))
    .orderBy(asc(accountRoles.created), asc(accountRoles.name), asc(accountRoles.id));
  return { results: rows.map(({ role }) => wireRole(role)), count: rows.length };
}

/** `GET /api/account/senders/{id}/roles`. */
export async function listSenderRoles(db: Queryable, caller: Caller, senderId: string): Promise<SenderRolesResponse> {
  await findSender(db, caller, senderId);
  return rolesOf(db, caller.account.id, senderId);
}

/**
 * `POST /api/account/senders/{id}/roles`: the user holds exactly these roles of the account
 * afterwards. Every id must be a role of the caller's account (400 naming the others); the
 * owner's roles do not change (the owner holds every permission whatever the roles say).
 */
export async function assignSenderRoles(db: Db, caller: Caller, senderId: string, roleIds: string[]): Promise<SenderRolesResponse> {
  const wanted = [...new Set(roleIds)];
  return db.transaction(async (tx) => {
    const { user, isOwner } = await findSender(tx, caller, senderId, { forUpdate: true });
    if (isOwner) throw conflict("error.conflict.accountOwner", "The account owner's roles cannot be changed.");
    const known =
      wanted.length === 0
        ? []
        : await tx
            .select({ id: accountRoles.id })
            .from(accountRoles)
            .where(and(eq(accountRoles.accountId, caller.account.id), inArray(accountRoles.id, wanted)));
    const unknown = wanted.filter((id) => !known.some((role) => role.id === id));
    if (unknown.length > 0) {
      throw badRequest("error.validation.unknownRole", `These account roles do not exist in this account: ${unknown.join(", ")}.`);
    }
    const before = await rolesOf(tx, caller.account.id, senderId);
    await tx.delete(userAccountRoles).where(and(eq(userAccountRoles.accountId, caller.account.id), eq(userAccountRoles.userId, senderId)));
    if (wanted.length > 0) {
      await tx.insert(userAccountRoles).values(wanted.map((roleId) => ({ accountId: caller.account.id, userId: senderId, roleId })));
    }
    const after = await rolesOf(tx, caller.account.id, senderId);
    const unchanged = before.count === after.count && before.results.every((role) => wanted.includes(role.id));
    if (!unchanged) {
      const names = after.results.map((role) => role.name).join(", ") || "none";
      await recordAccountEvent(tx, caller, "SENDER_ROLES_SET", `${user.email} roles: ${names}`);
    }
    return after;
  });
}
