import { listPermissions } from "@/lib/esign/account-roles/list-permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { ok } from "@/lib/api/openapi/operation";
import { permissionCatalogueResponse } from "@/lib/api/account-roles";

/** Our extension: the whole permission catalogue, for anyone with a key of the account. */
export const GET = apiRoute({ tag: "Account roles", summary: "The permission catalogue (our extension)", permission: null, responses: { 200: ok(permissionCatalogueResponse) } }, async () => listPermissions());

export * from "@/lib/http/method-not-allowed";
