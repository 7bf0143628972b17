import { activateVerificationType, deactivateVerificationType } from "@/lib/esign/verification/account-verification-types";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { noContent } from "@/lib/http/responses";
import { noBody, ok } from "@/lib/api/openapi/operation";
import { verificationTypeCatalogueEntry } from "@/lib/api/verification";

/** Our extension: activates the type for the caller's account (idempotent; no body). */
export const PUT = apiRoute({ params: ["typeId"], tag: "Signer verification", summary: "Activate a verification type (our extension)", permission: PERMISSIONS.verification, responses: { 200: ok(verificationTypeCatalogueEntry) } }, async ({ db, caller, params }) => {
  return activateVerificationType(db, caller, params.typeId);
});

/** Our extension: deactivates the type (idempotent); the built-in EMAIL_OTP cannot be deactivated (422). */
export const DELETE = apiRoute({ params: ["typeId"], tag: "Signer verification", summary: "Deactivate a verification type (our extension)", permission: PERMISSIONS.verification, responses: { 204: noBody } }, async ({ db, caller, params }) => {
  await deactivateVerificationType(db, caller, params.typeId);
  return noContent();
});

export * from "@/lib/http/method-not-allowed";
