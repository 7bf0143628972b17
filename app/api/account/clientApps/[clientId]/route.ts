import { revokeClientApp } from "@/lib/esign/client-apps/revoke-client-app";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { noContent } from "@/lib/http/responses";
import { noBody } from "@/lib/api/openapi/operation";

/** Our extension: revokes the client application; its access tokens stop working at once. */
export const DELETE = apiRoute({ params: ["clientId"], tag: "Access tokens", summary: "Revoke a client application and its tokens (our extension)", permission: PERMISSIONS.clientApps, responses: { 204: noBody } }, async ({ db, caller, params }) => {
  await revokeClientApp(db, caller, params.clientId);
  return noContent();
});

export * from "@/lib/http/method-not-allowed";
