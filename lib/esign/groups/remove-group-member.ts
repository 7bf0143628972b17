import { and, eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { groupMembers, groups, users } from "@/lib/db/schema";
import type { Caller } from "@/lib/esign/accounts/caller";
import { recordAccountEvent } from "@/lib/esign/audit/record-event";
import { now } from "@/lib/esign/clock";
import { notFound } from "@/lib/esign/errors";
import { findGroup } from "./get-group";

/** `DELETE /api/groups/{groupId}/members/{userId}`: the sender leaves the group (404 when not a member). */
export async function removeGroupMember(db: Db, caller: Caller, groupId: string, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const group = await findGroup(tx, caller, groupId, { forUpdate: true });
    const removed = await tx
      .delete(groupMembers)
      .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)))
      .returning({ userId: groupMembers.userId });
    if (removed.length === 0) throw notFound("error.notFound.groupMemberNotFound", `User ${userId} is not a member of group ${groupId}.`);
    await tx.update(groups).set({ updated: now() }).where(eq(groups.id, groupId));
    const [member] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
    await recordAccountEvent(tx, caller, "GROUP_MEMBER_REMOVE", `"${group.name}" - ${member?.email ?? userId}`);
  });
}
