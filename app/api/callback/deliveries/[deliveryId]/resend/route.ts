import { resendCallbackDelivery } from "@/lib/callbacks/resend-delivery";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { noContent } from "@/lib/http/responses";
import { errorBody, noBody, ok } from "@/lib/api/openapi/operation";

/** Our extension: sends a FAILED or DELIVERED delivery again (204); 409 while it is PENDING or CANCELLED. */
export const POST = apiRoute({
  params: ["deliveryId"],
  tag: "Callbacks",
  summary: "Send a FAILED or DELIVERED delivery again (our extension)",
  description: "A new sequence of attempts to the current registration's url; 409 while the delivery is PENDING or CANCELLED, or when the account has no registration.",
  permission: PERMISSIONS.callbacks,
  responses: { 204: noBody, 409: ok(errorBody, "Not resendable now") },
}, async ({ db, caller, params }) => {
  await resendCallbackDelivery(db, caller, params.deliveryId);
  return noContent();
});

export * from "@/lib/http/method-not-allowed";
