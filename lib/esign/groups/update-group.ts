import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { groupMembers, groups } from "@/lib/db/schema";
import type { GroupUpdate, WireGroup } from "@/lib/api/groups";
import type { Caller } from "@/lib/esign/accounts/caller";
import { recordAccountEvent } from "@/lib/esign/audit/record-event";
import { now } from "@/lib/esign/clock";
import { findGroup, readGroup } from "./get-group";
import { memberList, resolveMembers } from "./group-members";

/**
 * `PUT /api/groups/{groupId}`: name, e-mail and emailMembers when given; `members`, when given,
 * replaces the member list (every member a sender of the account, as on creation).
 */
export async function updateGroup(db: Db, caller: Caller, groupId: string, input: GroupUpdate): Promise<WireGroup> {
  return db.transaction(async (tx) => {
    const before = await findGroup(tx, caller, groupId, { forUpdate: true });
    const at = now();
    if (input.members !== undefined) {
      const members = await resolveMembers(tx, caller.account.id, input.members);
      await tx.delete(groupMembers).where(eq(groupMembers.groupId, groupId));
      if (members.length) await tx.insert(groupMembers).values(members.map((member) => ({ groupId, ...member, created: at })));
    }
    const changes: Partial<typeof groups.$inferInsert> = { updated: at };
    if (input.name !== undefined) changes.name = input.name;
    if (input.email !== undefined) changes.email = input.email.toLowerCase();
    if (input.emailMembers !== undefined) changes.emailMembers = input.emailMembers;
    const [row] = await tx.update(groups).set(changes).where(eq(groups.id, groupId)).returning();
    const group = await readGroup(tx, row);
    const changed: string[] = [];
    if (row.name !== before.name) changed.push(`renamed from "${before.name}"`);
    if (row.email !== before.email) changed.push(`email ${row.email}`);
    if (row.emailMembers !== before.emailMembers) changed.push(`emailMembers ${row.emailMembers}`);
    if (input.members !== undefined) changed.push(`members: ${memberList(group.members)}`);
    if (changed.length > 0) await recordAccountEvent(tx, caller, "GROUP_UPDATE", `"${group.name}": ${changed.join(", ")}`);
    return group;
  });
}
