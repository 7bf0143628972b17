import { callbackDeliveryListQuery, callbackDeliveryListResponse, type CallbackDeliveryListResponse } from "@/lib/api/callbacks";
import { listCallbackDeliveries } from "@/lib/callbacks/list-deliveries";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { ok } from "@/lib/api/openapi/operation";

/** Our extension: the account's callback deliveries with their attempts, newest first, `from`/`to` 1-based and inclusive. */
export const GET = apiRoute({
  tag: "Callbacks",
  summary: "The account's callback deliveries with every attempt, newest first (our extension)",
  description:
    "Each subscribed event is one delivery: PENDING while it is tried (failures are retried with exponential backoff, at most CALLBACK_MAX_ATTEMPTS times), then DELIVERED or FAILED; CANCELLED when the registration was removed or changed. `status` filters.",
  permission: PERMISSIONS.callbacks,
  query: callbackDeliveryListQuery,
  responses: { 200: ok(callbackDeliveryListResponse) },
}, async ({ db, caller, query }) => {
  const body: CallbackDeliveryListResponse = await listCallbackDeliveries(db, caller, query);
  return body;
});

export * from "@/lib/http/method-not-allowed";
