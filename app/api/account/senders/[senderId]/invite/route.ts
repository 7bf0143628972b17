import type { SenderResponse } from "@/lib/api/senders";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { reinviteSender } from "@/lib/esign/senders/reinvite-sender";
import { apiRoute } from "@/lib/http/api-handler";
import { ok } from "@/lib/api/openapi/operation";
import { senderResponse } from "@/lib/api/senders";

/** A new activation link for a sender still INVITED (the earlier one stops working); answers the sender with `activationUrl`. */
export const POST = apiRoute({ params: ["senderId"], tag: "Senders", summary: "Send a new invitation link (the old one stops working)", permission: PERMISSIONS.usersManage, responses: { 200: ok(senderResponse) } }, async ({ params, db, caller }) => {
  const body: SenderResponse = await reinviteSender(db, caller, params.senderId);
  return body;
});

export * from "@/lib/http/method-not-allowed";
