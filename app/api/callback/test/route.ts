import { sendTestCallback } from "@/lib/callbacks/send-test-event";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { json } from "@/lib/http/responses";

/** Our extension: queues a CALLBACK_TEST event to the registered destination (202, the delivery); 409 without a registration. */
export const POST = apiRoute({ permission: PERMISSIONS.callbacks }, async ({ db, caller }) => {
  return json(await sendTestCallback(db, caller), 202);
});
