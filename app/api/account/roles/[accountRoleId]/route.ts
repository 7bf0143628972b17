import { accountRoleResponse, accountRoleUpdateRequest } from "@/lib/api/account-roles";
import { deleteAccountRole } from "@/lib/esign/account-roles/delete-account-role";
import { getAccountRole } from "@/lib/esign/account-roles/get-account-role";
import { updateAccountRole } from "@/lib/esign/account-roles/update-account-role";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { noContent } from "@/lib/http/responses";
import { noBody, ok } from "@/lib/api/openapi/operation";

export const GET = apiRoute({ params: ["accountRoleId"], tag: "Account roles", summary: "Read a role", permission: PERMISSIONS.rolesView, responses: { 200: ok(accountRoleResponse) } }, async ({ db, caller, params }) =>
  getAccountRole(db, caller, params.accountRoleId),
);

/** Partial update of name, description, enabled and permissions; predefined roles answer 409. */
export const PUT = apiRoute({ params: ["accountRoleId"], tag: "Account roles", summary: "Change a role (predefined roles cannot change)", permission: PERMISSIONS.rolesManage, body: { schema: accountRoleUpdateRequest }, responses: { 200: ok(accountRoleResponse) } }, async ({ db, caller, params, body }) => {
  return updateAccountRole(db, caller, params.accountRoleId, body);
});

/** Deletes the role and its assignments; predefined roles answer 409. */
export const DELETE = apiRoute({ params: ["accountRoleId"], tag: "Account roles", summary: "Delete a role (predefined roles cannot be deleted)", permission: PERMISSIONS.rolesManage, responses: { 204: noBody } }, async ({ db, caller, params }) => {
  await deleteAccountRole(db, caller, params.accountRoleId);
  return noContent();
});

export * from "@/lib/http/method-not-allowed";
