import { signerAuthenticationTokenRequest, signerAuthenticationTokenResponse } from "@/lib/api/signing-entry";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { issueSignerToken } from "@/lib/esign/signing/links/role-signing-links";
import { apiRoute } from "@/lib/http/api-handler";
import { ok } from "@/lib/api/openapi/operation";

/** A token opening one signer's ceremony as often as needed: `/access?sessionToken=<value>`. */
export const POST = apiRoute({
  tag: "Signing",
  summary: "A token that opens a signer's ceremony, as often as needed",
  description:
    "signerId is the role id (or its signer's id or e-mail). Redeemed at /access?sessionToken=<value>, or at /auth?signerAuthenticationToken=<value> as the SDKs build it (a client asking for JSON gets {sessionToken} for the ESIGNLIVE_SESSION_ID cookie); works while the package is SENT and the signer has not finished.",
  permission: PERMISSIONS.transaction,
  body: { schema: signerAuthenticationTokenRequest },
  responses: { 200: ok(signerAuthenticationTokenResponse) },
}, async ({ db, caller, body }) => {
  return issueSignerToken(db, caller, body, "MULTI_USE");
});

export * from "@/lib/http/method-not-allowed";
