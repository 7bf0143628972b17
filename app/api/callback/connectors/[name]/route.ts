import { callbackRequest, callbackResponse } from "@/lib/api/callbacks";
import { deleteCallbackConnector, getCallbackConnector, registerCallbackConnector } from "@/lib/callbacks/connectors";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { noContent } from "@/lib/http/responses";
import { errorBody, noBody, ok } from "@/lib/api/openapi/operation";

/** The connector's registration; 404 when the account has none by that name. */
export const GET = apiRoute({
  params: ["name"],
  tag: "Callbacks",
  summary: "A callback connector's registration",
  permission: PERMISSIONS.callbacks,
  responses: { 200: ok(callbackResponse), 404: ok(errorBody, "No connector by that name") },
}, async ({ db, caller, params }) => getCallbackConnector(db, caller, params.name));

const register = apiRoute({
  params: ["name"],
  tag: "Callbacks",
  summary: "Register (or replace) a callback connector: its url, key and events",
  description:
    "A callback of its own, named by the integration that owns it (e.g. dynamics2013), delivered beside the main registration through the same deliveries. " +
    "The name starts with a letter, at most 64 letters, digits, `_`, `.` or `-`; at most 20 connectors per account. The url must be https, or http to a host listed in CALLBACK_HTTP_HOSTS.",
  permission: PERMISSIONS.callbacks,
  body: { schema: callbackRequest },
  responses: { 200: ok(callbackResponse) },
}, async ({ db, caller, params, body }) => {
  return registerCallbackConnector(db, caller, params.name, body);
});

export const POST = register;
/** Our extension: the same as POST. */
export const PUT = register;

/** Our extension: removes the connector, cancelling its pending deliveries (204, also when there was none). */
export const DELETE = apiRoute({
  params: ["name"],
  tag: "Callbacks",
  summary: "Remove a callback connector (our extension)",
  permission: PERMISSIONS.callbacks,
  responses: { 204: noBody },
}, async ({ db, caller, params }) => {
  await deleteCallbackConnector(db, caller, params.name);
  return noContent();
});

export * from "@/lib/http/method-not-allowed";
