import { listVerificationTypeCatalogue } from "@/lib/esign/verification/account-verification-types";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { ok } from "@/lib/api/openapi/operation";
import { verificationTypeCatalogueResponse } from "@/lib/api/verification";

/** Our extension: the whole catalogue of verification types, each marked activated or not for the caller's account. */
export const GET = apiRoute({ tag: "Signer verification", summary: "The whole catalogue, with what is activated (our extension)", permission: PERMISSIONS.verification, responses: { 200: ok(verificationTypeCatalogueResponse) } }, async ({ db, caller }) => {
  return listVerificationTypeCatalogue(db, caller);
});

export * from "@/lib/http/method-not-allowed";
