import { resendCallbackDelivery } from "@/lib/callbacks/resend-delivery";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { noContent } from "@/lib/http/responses";

/** Our extension: sends a FAILED or DELIVERED delivery again (204); 409 while it is PENDING or CANCELLED. */
export const POST = apiRoute<{ deliveryId: string }>({ permission: PERMISSIONS.callbacks }, async ({ db, caller, params }) => {
  await resendCallbackDelivery(db, caller, params.deliveryId);
  return noContent();
});
