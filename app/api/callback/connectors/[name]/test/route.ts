import { sendTestCallback } from "@/lib/callbacks/send-test-event";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { json } from "@/lib/http/responses";
import { errorBody, ok } from "@/lib/api/openapi/operation";
import { callbackDeliveryResponse } from "@/lib/api/callbacks";

/** Our extension: queues a CALLBACK_TEST event to the connector (202, the delivery); 409 when the account has no connector by that name. */
export const POST = apiRoute({
  params: ["name"],
  tag: "Callbacks",
  summary: "Send a test event to a callback connector (our extension)",
  description: "As `POST /api/callback/test`, to the connector's url with its key; 409 `error.conflict.noCallbackConnector` when the account has none by that name.",
  permission: PERMISSIONS.callbacks,
  responses: { 202: ok(callbackDeliveryResponse, "Queued"), 409: ok(errorBody, "No such connector") },
}, async ({ db, caller, params }) => json(await sendTestCallback(db, caller, params.name), 202));

export * from "@/lib/http/method-not-allowed";
