import { callbackRequest } from "@/lib/api/callbacks";
import { deleteCallback } from "@/lib/callbacks/delete-callback";
import { getCallback } from "@/lib/callbacks/get-callback";
import { registerCallback } from "@/lib/callbacks/register-callback";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { readJsonWith } from "@/lib/http/request-body";
import { json, noContent } from "@/lib/http/responses";

const options = { permission: PERMISSIONS.callbacks };

/** The account's registration; 204 No Content when it has none (compat notes). */
export const GET = apiRoute(options, async ({ db, caller }) => {
  const registration = await getCallback(db, caller);
  return registration ? json(registration) : noContent();
});

/** Registers the destination, its optional key and the events; replaces an earlier registration. */
export const POST = apiRoute(options, async ({ request, db, caller }) => {
  const input = await readJsonWith(request, callbackRequest);
  return json(await registerCallback(db, caller, input));
});

/** Our extension: removes the registration. */
export const DELETE = apiRoute(options, async ({ db, caller }) => {
  await deleteCallback(db, caller);
  return noContent();
});
