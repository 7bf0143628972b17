import type { Db } from "@/lib/db/client";
import { groupMembers, groups } from "@/lib/db/schema";
import type { GroupCreate, WireGroup } from "@/lib/api/groups";
import type { Caller } from "@/lib/esign/accounts/caller";
import { recordAccountEvent } from "@/lib/esign/audit/record-event";
import { now } from "@/lib/esign/clock";
import { newId } from "@/lib/esign/ids";
import { readGroup } from "./get-group";
import { memberList, resolveMembers } from "./group-members";

/** `POST /api/groups`: a group of the caller's account whose members are already its senders (spec 2.9). */
export async function createGroup(db: Db, caller: Caller, input: GroupCreate): Promise<WireGroup> {
  return db.transaction(async (tx) => {
    const members = await resolveMembers(tx, caller.account.id, input.members);
    const at = now();
    const [row] = await tx
      .insert(groups)
      .values({
        id: newId(),
        accountId: caller.account.id,
        name: input.name,
        email: input.email.toLowerCase(),
        emailMembers: input.emailMembers ?? true,
        created: at,
        updated: at,
      })
      .returning();
    if (members.length) await tx.insert(groupMembers).values(members.map((member) => ({ groupId: row.id, ...member, created: at })));
    const group = await readGroup(tx, row);
    await recordAccountEvent(tx, caller, "GROUP_CREATE", `created "${group.name}" (${group.email}), members: ${memberList(group.members)}`);
    return group;
  });
}
