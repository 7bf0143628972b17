import { accountRoleResponse, accountRoleUpdateRequest } from "@/lib/api/account-roles";
import { deleteAccountRole } from "@/lib/esign/account-roles/delete-account-role";
import { getAccountRole } from "@/lib/esign/account-roles/get-account-role";
import { updateAccountRole } from "@/lib/esign/account-roles/update-account-role";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { readJsonWith } from "@/lib/http/request-body";
import { noContent } from "@/lib/http/responses";
import { noBody, ok } from "@/lib/api/openapi/operation";

type Params = { accountRoleId: string };

export const GET = apiRoute<Params>({ tag: "Account roles", summary: "Read a role", permission: PERMISSIONS.rolesView, responses: { 200: ok(accountRoleResponse) } }, async ({ db, caller, params }) =>
  getAccountRole(db, caller, params.accountRoleId),
);

/** Partial update of name, description, enabled and permissions; predefined roles answer 409. */
export const PUT = apiRoute<Params>({ tag: "Account roles", summary: "Change a role (predefined roles cannot change)", permission: PERMISSIONS.rolesManage, body: { schema: accountRoleUpdateRequest }, responses: { 200: ok(accountRoleResponse) } }, async ({ request, db, caller, params }) => {
  const input = await readJsonWith(request, accountRoleUpdateRequest);
  return updateAccountRole(db, caller, params.accountRoleId, input);
});

/** Deletes the role and its assignments; predefined roles answer 409. */
export const DELETE = apiRoute<Params>({ tag: "Account roles", summary: "Delete a role (predefined roles cannot be deleted)", permission: PERMISSIONS.rolesManage, responses: { 204: noBody } }, async ({ db, caller, params }) => {
  await deleteAccountRole(db, caller, params.accountRoleId);
  return noContent();
});

export * from "@/lib/http/method-not-allowed";
