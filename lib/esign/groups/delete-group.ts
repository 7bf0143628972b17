import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { groups } from "@/lib/db/schema";
import type { Caller } from "@/lib/esign/accounts/caller";
import { recordAccountEvent } from "@/lib/esign/audit/record-event";
import { findGroup } from "./get-group";

/**
 * `DELETE /api/groups/{groupId}`: the group and its memberships. Packages that name it as a signer
 * keep the group's name and e-mail they were given; its members no longer see them in their inbox.
 */
export async function deleteGroup(db: Db, caller: Caller, groupId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const group = await findGroup(tx, caller, groupId, { forUpdate: true });
    await tx.delete(groups).where(eq(groups.id, groupId));
    await recordAccountEvent(tx, caller, "GROUP_DELETE", `deleted "${group.name}" (${group.email})`);
  });
}
