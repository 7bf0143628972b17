import { PERMISSIONS } from "@/lib/esign/permissions";
import { roleSigningUrl } from "@/lib/esign/signing/links/role-signing-links";
import { apiRoute } from "@/lib/http/api-handler";
import { ok } from "@/lib/api/openapi/operation";
import { signingUrlResponse } from "@/lib/api/signing-entry";

/** `{packageId, roleId, url}`: a new multi-use link into the role's ceremony; refused (409) while the package is a draft. */
export const GET = apiRoute({
  params: ["packageId", "roleId"],
  tag: "Signing",
  summary: "A link into the role's ceremony (refused while the package is a draft)",
  permission: PERMISSIONS.transaction,
  responses: { 200: ok(signingUrlResponse) },
}, async ({ db, caller, params }) => {
  return roleSigningUrl(db, caller, params.packageId, params.roleId);
});

export * from "@/lib/http/method-not-allowed";
