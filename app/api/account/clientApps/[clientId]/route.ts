import { revokeClientApp } from "@/lib/esign/client-apps/revoke-client-app";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { noContent } from "@/lib/http/responses";

/** Our extension: revokes the client application; its access tokens stop working at once. */
export const DELETE = apiRoute<{ clientId: string }>({ permission: PERMISSIONS.clientApps }, async ({ db, caller, params }) => {
  await revokeClientApp(db, caller, params.clientId);
  return noContent();
});
