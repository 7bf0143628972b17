import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { groupMembers, groups, users } from "@/lib/db/schema";
import type { GroupMembersAdd, WireGroup } from "@/lib/api/groups";
import type { Caller } from "@/lib/esign/accounts/caller";
import { recordAccountEvent } from "@/lib/esign/audit/record-event";
import { now } from "@/lib/esign/clock";
import { findGroup, readGroup } from "./get-group";
import { duplicateMember, memberList, resolveMembers } from "./group-members";

/** `POST /api/groups/{groupId}/members`: senders of the account join the group; one already in it is a 400. */
export async function addGroupMembers(db: Db, caller: Caller, groupId: string, input: GroupMembersAdd): Promise<WireGroup> {
  return db.transaction(async (tx) => {
    await findGroup(tx, caller, groupId, { forUpdate: true });
    const members = await resolveMembers(tx, caller.account.id, input);
    const already = await tx
      .select({ email: users.email })
      .from(groupMembers)
      .innerJoin(users, eq(users.id, groupMembers.userId))
      .where(and(eq(groupMembers.groupId, groupId), inArray(groupMembers.userId, members.map((member) => member.userId))));
    if (already.length) throw duplicateMember(already.map((member) => `${member.email} (already a member)`));
    const at = now();
    await tx.insert(groupMembers).values(members.map((member) => ({ groupId, ...member, created: at })));
    const [row] = await tx.update(groups).set({ updated: at }).where(eq(groups.id, groupId)).returning();
    const group = await readGroup(tx, row);
    const added = group.members.filter((member) => members.some((newMember) => newMember.userId === member.userId));
    await recordAccountEvent(tx, caller, "GROUP_MEMBERS_ADD", `"${group.name}" + ${memberList(added)}`);
    return group;
  });
}
