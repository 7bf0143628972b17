import { senderInvite, senderListQuery, type SenderListResponse, type SenderResponse } from "@/lib/api/senders";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { inviteSender } from "@/lib/esign/senders/invite-sender";
import { listSenders } from "@/lib/esign/senders/list-senders";
import { apiRoute } from "@/lib/http/api-handler";
import { parseWith, readJsonWith } from "@/lib/http/request-body";

/** Invites a user into the caller's account (spec 4.6): status INVITED, with an activation link (`activationUrl`, our extension). */
export const POST = apiRoute({ permission: PERMISSIONS.usersManage }, async ({ request, db, caller }) => {
  const input = await readJsonWith(request, senderInvite);
  const body: SenderResponse = await inviteSender(db, caller, input);
  return body;
});

/** The members of the caller's account, `from`/`to` 1-based and inclusive, `search` over e-mail, names and company. */
export const GET = apiRoute({ permission: PERMISSIONS.usersView }, async ({ request, db, caller }) => {
  const query = parseWith(senderListQuery, Object.fromEntries(new URL(request.url).searchParams), "query");
  const body: SenderListResponse = await listSenders(db, caller, query);
  return body;
});
