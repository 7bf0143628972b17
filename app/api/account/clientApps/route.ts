import { clientAppListQuery, clientAppListResponse, clientAppRequest, createdClientAppResponse } from "@/lib/api/client-apps";
import { parseWith } from "@/lib/api/parse";
import { createClientApp } from "@/lib/esign/client-apps/create-client-app";
import { listClientApps } from "@/lib/esign/client-apps/list-client-apps";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { readJsonWith } from "@/lib/http/request-body";
import { json } from "@/lib/http/responses";
import { errorBody, ok } from "@/lib/api/openapi/operation";


/** Our extension: the account's client applications, `{results, count}`, never their secrets. */
export const GET = apiRoute({ tag: "Access tokens", summary: "List client applications (our extension)", permission: PERMISSIONS.clientApps, query: clientAppListQuery, responses: { 200: ok(clientAppListResponse) } }, async ({ request, db, caller }) => {
  const query = parseWith(clientAppListQuery, Object.fromEntries(new URL(request.url).searchParams), "query");
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
}, async ({ request, db, caller }) => {
  const input = await readJsonWith(request, clientAppRequest);
  return json(await createClientApp(db, caller, input), 201);
});

export * from "@/lib/http/method-not-allowed";
