import { senderUpdate, type SenderResponse } from "@/lib/api/senders";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { deleteSender } from "@/lib/esign/senders/delete-sender";
import { getSender } from "@/lib/esign/senders/get-sender";
import { updateSender } from "@/lib/esign/senders/update-sender";
import { apiRoute } from "@/lib/http/api-handler";
import { readJsonWith } from "@/lib/http/request-body";
import { noContent } from "@/lib/http/responses";

type Params = { senderId: string };

export const GET = apiRoute<Params>({ permission: PERMISSIONS.usersView }, async ({ params, db, caller }) => {
  const body: SenderResponse = await getSender(db, caller, params.senderId);
  return body;
});

/** Updates names, company, title (and phone, language, timezoneId, type); an `email` in the body is ignored. */
export const POST = apiRoute<Params>({ permission: PERMISSIONS.usersManage }, async ({ request, params, db, caller }) => {
  const input = await readJsonWith(request, senderUpdate);
  const body: SenderResponse = await updateSender(db, caller, params.senderId, input);
  return body;
});

/** Spec 3.5: 200 with the sender (status LOCKED) when they still have drafts or an inbox; 204 when deleted. */
export const DELETE = apiRoute<Params>({ permission: PERMISSIONS.usersManage }, async ({ params, db, caller }) => {
  const result = await deleteSender(db, caller, params.senderId);
  if (result.outcome === "DELETED") return noContent();
  const body: SenderResponse = result.sender;
  return body;
});
