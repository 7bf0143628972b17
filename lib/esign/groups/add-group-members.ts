import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { groupMembers, groups } from "@/lib/db/schema";
import type { GroupMembersAdd, WireGroup } from "@/lib/api/groups";
import type { Caller } from "@/lib/esign/accounts/caller";
import { recordAccountEvent } from "@/lib/esign/audit/record-event";
import { now } from "@/lib/esign/clock";
import { findGroup, readGroup } from "./get-group";
import { memberList, resolveMembers } from "./group-members";

/**
 * `POST /api/groups/{groupId}/members`: senders of the account join the group. Adding one who is
 * already a member changes nothing for them (the original's integrations add members idempotently);
 * the answer is the group as it stands.
 */
export async function addGroupMembers(db: Db, caller: Caller, groupId: string, input: GroupMembersAdd): Promise<WireGroup> {
  return db.transaction(async (tx) => {
    const current = await findGroup(tx, caller, groupId, { forUpdate: true });
    const members = await resolveMembers(tx, caller.account.id, input);
    const already = new Set(
      (
        await tx
          .select({ userId: groupMembers.userId })
          .from(groupMembers)
          .where(and(eq(groupMembers.groupId, groupId), inArray(groupMembers.userId, members.map((member) => member.userId))))
      ).map((member) => member.userId),
    );
    const joining = members.filter((member) => !already.has(member.userId));
    if (joining.length === 0) return readGroup(tx, current);
    const at = now();
    await tx.insert(groupMembers).values(joining.map((member) => ({ groupId, ...member, created: at })));
    const [row] = await tx.update(groups).set({ updated: at }).where(eq(groups.id, groupId)).returning();
    const group = await readGroup(tx, row);
    const added = group.members.filter((member) => joining.some((newMember) => newMember.userId === member.userId));
    await recordAccountEvent(tx, caller, "GROUP_MEMBERS_ADD", `"${group.name}" + ${memberList(added)}`);
    return group;
  });
}
