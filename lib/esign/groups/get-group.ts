import { and, asc, eq, inArray } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import { groupMembers, groups, users } from "@/lib/db/schema";
import type { WireGroup, WireGroupMember } from "@/lib/api/groups";
import { wireDate } from "@/lib/api/wire";
import type { Caller } from "@/lib/esign/accounts/caller";
import { notFound } from "@/lib/esign/errors";

export type GroupRow = typeof groups.$inferSelect;

export const groupNotFound = (groupId: string) => notFound("error.notFound.groupNotFound", `Group ${groupId} was not found.`);

/**
 * The group, if it belongs to the caller's account; otherwise 404, exactly as if it did not exist.
 * With `forUpdate` the row is locked until the transaction ends, which serialises changes of one group.
 */
export async function findGroup(db: Queryable, caller: Caller, groupId: string, options: { forUpdate?: boolean } = {}): Promise<GroupRow> {
  const query = db
    .select()
    .from(groups)
    .where(and(eq(groups.id, groupId), eq(groups.accountId, caller.account.id)));
  const [row] = options.forUpdate ? await query.for("update") : await query;
  if (!row) throw groupNotFound(groupId);
  return row;
}

/** The members of each group, by group id: the sender's current name and e-mail, pending while invited. */
export async function readMembers(db: Queryable, groupIds: string[]): Promise<Map<string, WireGroupMember[]>> {
  const byGroup = new Map<string, WireGroupMember[]>(groupIds.map((id) => [id, []]));
  if (groupIds.length === 0) return byGroup;
  const rows = await db
    .select({
      groupId: groupMembers.groupId,
      memberType: groupMembers.memberType,
      userId: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      status: users.status,
    })
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .where(inArray(groupMembers.groupId, groupIds))
    .orderBy(asc(groupMembers.created), asc(users.email));
  for (const row of rows) {
    byGroup.get(row.groupId)!.push({
      userId: row.userId,
      email: row.email,
      firstName: row.firstName,
      lastName: row.lastName,
      memberType: row.memberType === "MANAGER" ? "MANAGER" : "REGULAR",
      pending: row.status === "INVITED",
    });
  }
  return byGroup;
}

export function wireGroup(row: GroupRow, members: WireGroupMember[]): WireGroup {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    emailMembers: row.emailMembers,
    // Members never delegate to one another here (the original's optional group delegation).
    reciprocalDelegation: false,
    members,
    created: wireDate(row.created),
    updated: wireDate(row.updated),
  };
}

/** The group with its members, as answered by every group endpoint. */
export async function readGroup(db: Queryable, row: GroupRow): Promise<WireGroup> {
  const members = await readMembers(db, [row.id]);
  return wireGroup(row, members.get(row.id)!);
}

/** `GET /api/groups/{groupId}`. */
export async function getGroup(db: Queryable, caller: Caller, groupId: string): Promise<WireGroup> {
  return readGroup(db, await findGroup(db, caller, groupId));
}
