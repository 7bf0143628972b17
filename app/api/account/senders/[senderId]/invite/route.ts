import type { SenderResponse } from "@/lib/api/senders";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { reinviteSender } from "@/lib/esign/senders/reinvite-sender";
import { apiRoute } from "@/lib/http/api-handler";

/** A new activation link for a sender still INVITED (the earlier one stops working); answers the sender with `activationUrl`. */
export const POST = apiRoute<{ senderId: string }>({ permission: PERMISSIONS.usersManage }, async ({ params, db, caller }) => {
  const body: SenderResponse = await reinviteSender(db, caller, params.senderId);
  return body;
});
