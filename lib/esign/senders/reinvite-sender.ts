import type { Db } from "@/lib/db/client";
import type { WireSender } from "@/lib/api/senders";
import type { Caller } from "@/lib/esign/accounts/caller";
import { recordAccountEvent } from "@/lib/esign/audit/record-event";
import { conflict } from "@/lib/esign/errors";
import { issueInvitation } from "./invitation";
import { findSender, groupMembershipsOf, wireSender } from "./sender-record";

/**
 * `POST /api/account/senders/{id}/invite`: a fresh activation link for a sender who has not
 * activated yet (the earlier link stops working), valid for another 7 days.
 */
export async function reinviteSender(db: Db, caller: Caller, senderId: string): Promise<WireSender> {
  return db.transaction(async (tx) => {
    const { user } = await findSender(tx, caller, senderId, { forUpdate: true });
    if (user.status !== "INVITED") {
      throw conflict("error.conflict.senderNotInvited", `Sender ${senderId} is ${user.status}, not INVITED: there is nothing to activate.`);
    }
    const link = await issueInvitation(tx, user.id, user.accountId);
    await recordAccountEvent(tx, caller, "SENDER_REINVITE", `new activation link for ${user.email}`);
    const memberships = await groupMembershipsOf(tx, caller.account.id, [user.id]);
    return wireSender(user, memberships.get(user.id) ?? [], link);
  });
}
