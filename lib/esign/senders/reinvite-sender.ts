import type { Db } from "@/lib/db/client";
import type { WireSender } from "@/lib/api/senders";
import { queueSenderInvitation } from "@/lib/esign/senders/queue-sender-invitation";
import type { Caller } from "@/lib/esign/accounts/caller";
import { assertMayAdminister } from "@/lib/esign/accounts/privileges";
import { recordAccountEvent } from "@/lib/esign/audit/record-event";
import { conflict } from "@/lib/esign/errors";
import { issueInvitation } from "./invitation";
import { findSender, groupMembershipsOf, senderStatus, wireSender } from "./sender-record";

/**
 * `POST /api/account/senders/{id}/invite`: a fresh activation link for a sender who has not
 * activated yet (the earlier link stops working), valid for another 7 days. Only for a caller who
 * may administer the sender: the answer carries the link, which makes its holder the sender.
 */
export async function reinviteSender(db: Db, caller: Caller, senderId: string): Promise<WireSender> {
  return db.transaction(async (tx) => {
    const sender = await findSender(tx, caller, senderId, { forUpdate: true });
    const { user } = sender;
    await assertMayAdminister(tx, caller, user.id);
    const status = senderStatus(sender);
    if (status !== "INVITED") {
      throw conflict("error.conflict.senderNotInvited", `Sender ${senderId} is ${status}, not INVITED: there is nothing to activate.`);
    }
    const link = await issueInvitation(tx, user.id, caller.account.id);
    await queueSenderInvitation(tx, caller, { email: user.email, language: user.language }, link);
    await recordAccountEvent(tx, caller, "SENDER_REINVITE", `new activation link for ${user.email}`);
    const memberships = await groupMembershipsOf(tx, caller.account.id, [user.id]);
    return wireSender(sender, memberships.get(user.id) ?? [], link);
  });
}
