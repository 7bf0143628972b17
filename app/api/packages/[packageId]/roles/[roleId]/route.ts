import { roleResponse, roleUpdate } from "@/lib/api/packages";
import { getRole } from "@/lib/esign/packages/get-package-content";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { deleteRole, updateRole } from "@/lib/esign/roles/role-changes";
import { apiRoute } from "@/lib/http/api-handler";
import { noContent } from "@/lib/http/responses";
import { noBody, ok } from "@/lib/api/openapi/operation";

export const GET = apiRoute({ params: ["packageId", "roleId"], tag: "Roles", summary: "Read a role", permission: PERMISSIONS.transaction, responses: { 200: ok(roleResponse) } }, async ({ db, caller, params }) => {
  return getRole(db, caller, params.packageId, params.roleId);
});

export const PUT = apiRoute({ params: ["packageId", "roleId"], tag: "Roles", summary: "Update a role of a draft; on a sent package, accept or reject its signer's attachments", permission: PERMISSIONS.transaction, body: { schema: roleUpdate }, responses: { 200: ok(roleResponse) } }, async ({ db, caller, params, body }) => {
  return updateRole(db, caller, params.packageId, params.roleId, body);
});

export const DELETE = apiRoute({ params: ["packageId", "roleId"], tag: "Roles", summary: "Delete a role of a draft", permission: PERMISSIONS.transaction, responses: { 204: noBody } }, async ({ db, caller, params }) => {
  await deleteRole(db, caller, params.packageId, params.roleId);
  return noContent();
});

export * from "@/lib/http/method-not-allowed";
