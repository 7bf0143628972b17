import { accountRoleCreateRequest } from "@/lib/api/account-roles";
import { createAccountRole } from "@/lib/esign/account-roles/create-account-role";
import { listAccountRoles } from "@/lib/esign/account-roles/list-account-roles";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { readJsonWith } from "@/lib/http/request-body";

/** Every role of the account, the predefined ones (owner, manager, sender) first. */
export const GET = apiRoute({ permission: PERMISSIONS.rolesView }, async ({ db, caller }) => listAccountRoles(db, caller));

/** Creates a role; answers it with 200, as the original service does. */
export const POST = apiRoute({ permission: PERMISSIONS.rolesManage }, async ({ request, db, caller }) => {
  const input = await readJsonWith(request, accountRoleCreateRequest);
  return createAccountRole(db, caller, input);
});
