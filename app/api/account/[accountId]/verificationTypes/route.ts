import { listActivatedVerificationTypes } from "@/lib/esign/verification/account-verification-types";
import { apiRoute } from "@/lib/http/api-handler";
import { ok } from "@/lib/api/openapi/operation";
import { verificationTypesResponse } from "@/lib/api/verification";

/** The verification types activated for the account the credential acts in; any other account id is a 404. */
export const GET = apiRoute({ params: ["accountId"], tag: "Signer verification", summary: "The verification types activated for the account", permission: null, responses: { 200: ok(verificationTypesResponse) } }, async ({ db, caller, params }) => {
  return listActivatedVerificationTypes(db, caller, params.accountId);
});

export * from "@/lib/http/method-not-allowed";
