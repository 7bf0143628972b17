import { sendTestCallback } from "@/lib/callbacks/send-test-event";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { json } from "@/lib/http/responses";
import { errorBody, ok } from "@/lib/api/openapi/operation";
import { callbackDeliveryResponse } from "@/lib/api/callbacks";

/** Our extension: queues a CALLBACK_TEST event to the registered destination (202, the delivery); 409 without a registration. */
export const POST = apiRoute({
  tag: "Callbacks",
  summary: "Send a test event to the registered destination (our extension)",
  description:
    "Queues a `CALLBACK_TEST` event (no packageId) whatever events the registration subscribes to, delivered like any other: same body shape, key, signature, retries and delivery log. " +
    "Answers the delivery as queued; 409 `error.conflict.noCallbackRegistration` when the account has no registration.",
  permission: PERMISSIONS.callbacks,
  responses: { 202: ok(callbackDeliveryResponse, "Queued"), 409: ok(errorBody, "No callback registration") },
}, async ({ db, caller }) => {
  return json(await sendTestCallback(db, caller), 202);
});

export * from "@/lib/http/method-not-allowed";
