import { callbackConnectorListResponse } from "@/lib/api/callbacks";
import { listCallbackConnectors } from "@/lib/callbacks/connectors";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { ok } from "@/lib/api/openapi/operation";

/** Our extension: every callback connector of the account, by name. */
export const GET = apiRoute({
  tag: "Callbacks",
  summary: "The account's callback connectors (our extension)",
  permission: PERMISSIONS.callbacks,
  responses: { 200: ok(callbackConnectorListResponse) },
}, async ({ db, caller }) => listCallbackConnectors(db, caller));

export * from "@/lib/http/method-not-allowed";
