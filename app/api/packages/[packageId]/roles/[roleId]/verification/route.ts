import { roleVerificationRequest, roleVerificationResponse } from "@/lib/api/verification";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { deleteRoleVerification, getRoleVerification, setRoleVerification } from "@/lib/esign/verification/role-verification";
import { apiRoute } from "@/lib/http/api-handler";
import { readJsonWith } from "@/lib/http/request-body";
import { json, noContent } from "@/lib/http/responses";
import { noBody, ok } from "@/lib/api/openapi/operation";

type Params = { packageId: string; roleId: string };

/** The role's verification `{typeId, payload}`; 204 No Content when none is attached (compat notes). */
export const GET = apiRoute<Params>({ tag: "Signer verification", summary: "The verification attached to a signer (204 when none)", permission: PERMISSIONS.transaction, responses: { 200: ok(roleVerificationResponse), 204: noBody } }, async ({ db, caller, params }) => {
  const verification = await getRoleVerification(db, caller, params.packageId, params.roleId);
  return verification ? json(verification) : noContent();
});

/** Attaches a verification of a type activated for the account (422 otherwise); the package must be a DRAFT. PUT does the same. */
const attach = (contract: Parameters<typeof apiRoute>[0]) =>
  apiRoute<Params>(contract, async ({ request, db, caller, params }) => {
    const input = await readJsonWith(request, roleVerificationRequest);
    return setRoleVerification(db, caller, params.packageId, params.roleId, input);
  });
export const POST = attach({ tag: "Signer verification", summary: "Attach a verification to a signer of a draft", permission: PERMISSIONS.transaction, body: { schema: roleVerificationRequest }, responses: { 200: ok(roleVerificationResponse) } });
export const PUT = attach({ tag: "Signer verification", summary: "Replace a signer's verification (as POST)", permission: PERMISSIONS.transaction, body: { schema: roleVerificationRequest }, responses: { 200: ok(roleVerificationResponse) } });

export const DELETE = apiRoute<Params>({ tag: "Signer verification", summary: "Remove a signer's verification", permission: PERMISSIONS.transaction, responses: { 204: noBody } }, async ({ db, caller, params }) => {
  await deleteRoleVerification(db, caller, params.packageId, params.roleId);
  return noContent();
});

export * from "@/lib/http/method-not-allowed";
