import { accountRoleCreateRequest, accountRoleListResponse, accountRoleResponse } from "@/lib/api/account-roles";
import { createAccountRole } from "@/lib/esign/account-roles/create-account-role";
import { listAccountRoles } from "@/lib/esign/account-roles/list-account-roles";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { ok } from "@/lib/api/openapi/operation";

/** Every role of the account, the predefined ones (owner, manager, sender) first. */
export const GET = apiRoute({ tag: "Account roles", summary: "List the account's roles, predefined ones first", permission: PERMISSIONS.rolesView, responses: { 200: ok(accountRoleListResponse) } }, async ({ db, caller }) => listAccountRoles(db, caller));

/** Creates a role; answers it with 200, as the original service does. */
export const POST = apiRoute({
  tag: "Account roles",
  summary: "Create a role",
  description: "A caller who is not the account owner can only grant permissions they hold themselves.",
  permission: PERMISSIONS.rolesManage,
  body: { schema: accountRoleCreateRequest },
  responses: { 200: ok(accountRoleResponse) },
}, async ({ db, caller, body }) => {
  return createAccountRole(db, caller, body);
});

export * from "@/lib/http/method-not-allowed";
