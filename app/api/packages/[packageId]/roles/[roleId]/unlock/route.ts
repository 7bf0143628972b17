import { PERMISSIONS } from "@/lib/esign/permissions";
import { unlockSigner } from "@/lib/esign/signing/unlock-signer";
import { apiRoute } from "@/lib/http/api-handler";
import { ok } from "@/lib/api/openapi/operation";
import { roleResponse } from "@/lib/api/packages";

/** The sender unlocks a signer locked out after too many wrong one-time codes or security answers; answers the role. */
export const POST = apiRoute({
  params: ["packageId", "roleId"],
  tag: "Signing",
  summary: "Unlock a signer locked out after too many wrong one-time codes (e-mail or SMS) or security answers",
  permission: PERMISSIONS.transaction,
  responses: { 200: ok(roleResponse, "The role") },
}, async ({ db, caller, params }) => {
  return unlockSigner(db, caller, params.packageId, params.roleId);
});

export * from "@/lib/http/method-not-allowed";
