import { roleHolderListQuery, roleHolderListResponse } from "@/lib/api/account-roles";
import { listRoleHolders } from "@/lib/esign/account-roles/list-role-holders";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { ok } from "@/lib/api/openapi/operation";

/** Our extension: who holds the role, `{results, count}`, paged with 1-based inclusive `from`/`to`. */
export const GET = apiRoute({
  params: ["accountRoleId"],
  tag: "Account roles",
  summary: "The senders who hold the role (our extension)",
  description: "`{results, count}` of the account's members holding the role, oldest member first, paged with 1-based inclusive `from`/`to`: id, e-mail, names and status only.",
  permission: PERMISSIONS.rolesView,
  query: roleHolderListQuery,
  responses: { 200: ok(roleHolderListResponse) },
}, async ({ db, caller, params, query }) => {
  return listRoleHolders(db, caller, params.accountRoleId, query);
});

export * from "@/lib/http/method-not-allowed";
