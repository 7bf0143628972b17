import { and, asc, eq, sql } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import { accountMemberships, userAccountRoles, users } from "@/lib/db/schema";
import type { RoleHolderListQuery, RoleHolderListResponse } from "@/lib/api/account-roles";
import type { Caller } from "@/lib/esign/accounts/caller";
import { pageWindow } from "@/lib/esign/listing";
import { senderStatus } from "@/lib/esign/senders/sender-record";
import { findAccountRole } from "./account-role-record";

/**
 * `GET /api/account/roles/{accountRoleId}/users` (our extension): one page of the members of the
 * caller's account who hold the role, oldest member first, and how many hold it. The original
 * service lists a user's roles only; the console shows a role's holders beside it.
 */
export async function listRoleHolders(db: Queryable, caller: Caller, roleId: string, query: RoleHolderListQuery): Promise<RoleHolderListResponse> {
  const role = await findAccountRole(db, caller, roleId);
  const { offset, limit } = pageWindow(query.from, query.to);
  const where = and(eq(userAccountRoles.accountId, caller.account.id), eq(userAccountRoles.roleId, role.id));
  // Only members of the account: a role held by someone who left is not theirs any more.
  const holders = () =>
    db
      .select({ user: users, locked: accountMemberships.locked })
      .from(userAccountRoles)
      .innerJoin(accountMemberships, and(eq(accountMemberships.accountId, userAccountRoles.accountId), eq(accountMemberships.userId, userAccountRoles.userId)))
      .innerJoin(users, eq(users.id, userAccountRoles.userId))
      .where(where);
  const [rows, [{ count }]] = await Promise.all([
    holders().orderBy(asc(users.created), asc(users.id)).limit(limit).offset(offset),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(userAccountRoles)
      .innerJoin(accountMemberships, and(eq(accountMemberships.accountId, userAccountRoles.accountId), eq(accountMemberships.userId, userAccountRoles.userId)))
      .where(where),
  ]);
  const results = rows.map((member) => ({
    id: member.user.id,
    email: member.user.email,
    firstName: member.user.firstName,
    lastName: member.user.lastName,
    name: `${member.user.firstName} ${member.user.lastName}`.trim(),
    status: senderStatus(member),
  }));
  return { results, count };
}
