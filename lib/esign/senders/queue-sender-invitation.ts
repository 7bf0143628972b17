import type { Tx } from "@/lib/db/client";
import type { Caller } from "@/lib/esign/accounts/caller";
import { now } from "@/lib/esign/clock";
import { senderInvitationEmail } from "@/lib/esign/outbox/messages";
import { queueEmail } from "@/lib/esign/outbox/queue-email";
import { INVITATION_LIFETIME_MS } from "./invitation";

/** The invitation e-mail with the activation link, queued in the transaction that issued the link. */
export async function queueSenderInvitation(tx: Tx, caller: Caller, invitee: { email: string; language: string }, activationUrl: string): Promise<void> {
  const inviterName = `${caller.user.firstName} ${caller.user.lastName}`.trim() || caller.user.email;
  const content = senderInvitationEmail(
    { inviterName, accountName: caller.account.name, activationUrl, expires: new Date(now().getTime() + INVITATION_LIFETIME_MS) },
    invitee.language,
  );
  await queueEmail(tx, { accountId: caller.account.id, kind: "SENDER_INVITATION", to: invitee.email, ...content });
}
