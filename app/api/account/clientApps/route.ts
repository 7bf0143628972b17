import { clientAppListQuery, clientAppListResponse, clientAppRequest, createdClientAppResponse } from "@/lib/api/client-apps";
import { createClientApp } from "@/lib/esign/client-apps/create-client-app";
import { listClientApps } from "@/lib/esign/client-apps/list-client-apps";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { json } from "@/lib/http/responses";
import { errorBody, ok } from "@/lib/api/openapi/operation";


/** Our extension: the account's client applications, `{results, count}`, never their secrets. */
export const GET = apiRoute({ tag: "Access tokens", summary: "List client applications (our extension)", permission: PERMISSIONS.clientApps, query: clientAppListQuery, responses: { 200: ok(clientAppListResponse) } }, async ({ db, caller, query }) => {
  return listClientApps(db, caller, query);
});

/** Our extension: a new client application; its secret is in this answer only. */
export const POST = apiRoute({
  tag: "Access tokens",
  summary: "Create a client application; its secret is shown this once (our extension)",
  permission: PERMISSIONS.clientApps,
  body: { schema: clientAppRequest },
  responses: {
    201: ok(createdClientAppResponse),
    403: ok(errorBody, "Asked with an access token (error.forbidden.clientAppsNeedApiKey), or without the permission"),
  },
}, async ({ db, caller, body }) => {
  return json(await createClientApp(db, caller, body), 201);
});

export * from "@/lib/http/method-not-allowed";
