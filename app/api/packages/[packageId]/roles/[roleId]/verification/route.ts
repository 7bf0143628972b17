import { roleVerificationRequest, roleVerificationResponse } from "@/lib/api/verification";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { deleteRoleVerification, getRoleVerification, setRoleVerification } from "@/lib/esign/verification/role-verification";
import { apiRoute } from "@/lib/http/api-handler";
import { json, noContent } from "@/lib/http/responses";
import { noBody, ok } from "@/lib/api/openapi/operation";

/** The role's verification `{typeId, payload}`; 204 No Content when none is attached (compat notes). */
export const GET = apiRoute({ params: ["packageId", "roleId"], tag: "Signer verification", summary: "The verification attached to a signer (204 when none)", permission: PERMISSIONS.transaction, responses: { 200: ok(roleVerificationResponse), 204: noBody } }, async ({ db, caller, params }) => {
  const verification = await getRoleVerification(db, caller, params.packageId, params.roleId);
  return verification ? json(verification) : noContent();
});

/** Attaches a verification of a type activated for the account (422 otherwise); the package must be a DRAFT. PUT does the same. */
const attach = (summary: string) =>
  apiRoute({ params: ["packageId", "roleId"], tag: "Signer verification", summary, permission: PERMISSIONS.transaction, body: { schema: roleVerificationRequest }, responses: { 200: ok(roleVerificationResponse) } }, async ({ db, caller, params, body }) => {
    return setRoleVerification(db, caller, params.packageId, params.roleId, body);
  });
export const POST = attach("Attach a verification to a signer of a draft");
export const PUT = attach("Replace a signer's verification (as POST)");

export const DELETE = apiRoute({ params: ["packageId", "roleId"], tag: "Signer verification", summary: "Remove a signer's verification", permission: PERMISSIONS.transaction, responses: { 204: noBody } }, async ({ db, caller, params }) => {
  await deleteRoleVerification(db, caller, params.packageId, params.roleId);
  return noContent();
});

export * from "@/lib/http/method-not-allowed";
