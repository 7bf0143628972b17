import { roleVerificationRequest } from "@/lib/api/verification";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { deleteRoleVerification, getRoleVerification, setRoleVerification } from "@/lib/esign/verification/role-verification";
import { apiRoute } from "@/lib/http/api-handler";
import { readJsonWith } from "@/lib/http/request-body";
import { json, noContent } from "@/lib/http/responses";

type Params = { packageId: string; roleId: string };
const options = { permission: PERMISSIONS.transaction };

/** The role's verification `{typeId, payload}`; 204 No Content when none is attached (compat notes). */
export const GET = apiRoute<Params>(options, async ({ db, caller, params }) => {
  const verification = await getRoleVerification(db, caller, params.packageId, params.roleId);
  return verification ? json(verification) : noContent();
});

/** Attaches a verification of a type activated for the account (422 otherwise); the package must be a DRAFT. */
export const POST = apiRoute<Params>(options, async ({ request, db, caller, params }) => {
  const input = await readJsonWith(request, roleVerificationRequest);
  return setRoleVerification(db, caller, params.packageId, params.roleId, input);
});

/** The same as POST: replaces the role's verification. */
export const PUT = POST;

export const DELETE = apiRoute<Params>(options, async ({ db, caller, params }) => {
  await deleteRoleVerification(db, caller, params.packageId, params.roleId);
  return noContent();
});
