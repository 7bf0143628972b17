import { callbackDeliveryListQuery, type CallbackDeliveryListResponse } from "@/lib/api/callbacks";
import { parseWith } from "@/lib/api/parse";
import { listCallbackDeliveries } from "@/lib/callbacks/list-deliveries";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";

/** Our extension: the account's callback deliveries with their attempts, newest first, `from`/`to` 1-based and inclusive. */
export const GET = apiRoute({ permission: PERMISSIONS.callbacks }, async ({ request, db, caller }) => {
  const query = parseWith(callbackDeliveryListQuery, Object.fromEntries(new URL(request.url).searchParams), "query");
  const body: CallbackDeliveryListResponse = await listCallbackDeliveries(db, caller, query);
  return body;
});
