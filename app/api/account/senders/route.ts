import { senderInvite, senderListQuery, senderListResponse, type SenderListResponse, senderResponse, type SenderResponse } from "@/lib/api/senders";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { inviteSender } from "@/lib/esign/senders/invite-sender";
import { listSenders } from "@/lib/esign/senders/list-senders";
import { apiRoute } from "@/lib/http/api-handler";
import { ok } from "@/lib/api/openapi/operation";

/** Invites a user into the caller's account (spec 4.6): status INVITED, with an activation link (`activationUrl`, our extension). */
export const POST = apiRoute({
  tag: "Senders",
  summary: "Invite a sender",
  description: "The sender starts INVITED and activates through the link (activationUrl, shown to the owner and to whoever manages senders and holds every permission of the invitee).",
  permission: PERMISSIONS.usersManage,
  body: { schema: senderInvite },
  responses: { 200: ok(senderResponse) },
}, async ({ db, caller, body }) => {
  const answer: SenderResponse = await inviteSender(db, caller, body);
  return answer;
});

/** The members of the caller's account, `from`/`to` 1-based and inclusive, `search` over e-mail, names and company. */
export const GET = apiRoute({ tag: "Senders", summary: "List the account's senders", permission: PERMISSIONS.usersView, query: senderListQuery, responses: { 200: ok(senderListResponse) } }, async ({ db, caller, query }) => {
  const body: SenderListResponse = await listSenders(db, caller, query);
  return body;
});

export * from "@/lib/http/method-not-allowed";
