import { roleHolderListQuery } from "@/lib/api/account-roles";
import { listRoleHolders } from "@/lib/esign/account-roles/list-role-holders";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { parseWith } from "@/lib/http/request-body";

type Params = { accountRoleId: string };

/** Our extension: who holds the role, `{results, count}`, paged with 1-based inclusive `from`/`to`. */
export const GET = apiRoute<Params>({ permission: PERMISSIONS.rolesView }, async ({ request, db, caller, params }) => {
  const query = parseWith(roleHolderListQuery, Object.fromEntries(new URL(request.url).searchParams), "query");
  return listRoleHolders(db, caller, params.accountRoleId, query);
});
