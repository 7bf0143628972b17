import { callbackRequest, callbackResponse } from "@/lib/api/callbacks";
import { deleteCallback } from "@/lib/callbacks/delete-callback";
import { getCallback } from "@/lib/callbacks/get-callback";
import { registerCallback } from "@/lib/callbacks/register-callback";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { json, noContent } from "@/lib/http/responses";
import { noBody, ok } from "@/lib/api/openapi/operation";


/** The account's registration; 204 No Content when it has none (compat notes). */
export const GET = apiRoute({ tag: "Callbacks", summary: "The callback registration (204 when none)", permission: PERMISSIONS.callbacks, responses: { 200: ok(callbackResponse), 204: noBody } }, async ({ db, caller }) => {
  const registration = await getCallback(db, caller);
  return registration ? json(registration) : noContent();
});

/** Registers the destination, its optional key and the events; replaces an earlier registration. */
export const POST = apiRoute({
  tag: "Callbacks",
  summary: "Register (or replace) the callback destination, key and events",
  description: "The url must be https, or http to a host listed in CALLBACK_HTTP_HOSTS.",
  permission: PERMISSIONS.callbacks,
  body: { schema: callbackRequest },
  responses: { 200: ok(callbackResponse) },
}, async ({ db, caller, body }) => {
  return json(await registerCallback(db, caller, body));
});

/** Our extension: removes the registration. */
export const DELETE = apiRoute({ tag: "Callbacks", summary: "Remove the callback registration (our extension)", permission: PERMISSIONS.callbacks, responses: { 204: noBody } }, async ({ db, caller }) => {
  await deleteCallback(db, caller);
  return noContent();
});

export * from "@/lib/http/method-not-allowed";
