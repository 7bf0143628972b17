import { orderChange, roleInput, roleResponse } from "@/lib/api/packages";
import { getRoles } from "@/lib/esign/packages/get-package-content";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { addRole, reorderRoles } from "@/lib/esign/roles/role-changes";
import { apiRoute } from "@/lib/http/api-handler";
import { listOf, ok } from "@/lib/api/openapi/operation";

/** Served for `/roles` and `/roles/` alike (next.config skips the trailing-slash redirect). */
export const GET = apiRoute({ params: ["packageId"], tag: "Roles", summary: "List the roles (also served at .../roles/)", permission: PERMISSIONS.transaction, responses: { 200: ok(listOf(roleResponse)) } }, async ({ db, caller, params }) => {
  const results = await getRoles(db, caller, params.packageId);
  return { results, count: results.length };
});

export const POST = apiRoute({ params: ["packageId"], tag: "Roles", summary: "Add a role to a draft", permission: PERMISSIONS.transaction, body: { schema: roleInput }, responses: { 200: ok(roleResponse) } }, async ({ db, caller, params, body }) => {
  return addRole(db, caller, params.packageId, body);
});

/** The signing order: `[{id, index}]`. */
export const PUT = apiRoute({ params: ["packageId"], tag: "Roles", summary: "Change the signing order", permission: PERMISSIONS.transaction, body: { schema: orderChange }, responses: { 200: ok(listOf(roleResponse)) } }, async ({ db, caller, params, body }) => {
  const results = await reorderRoles(db, caller, params.packageId, body);
  return { results, count: results.length };
});

export * from "@/lib/http/method-not-allowed";
