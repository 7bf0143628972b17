import { signerAuthenticationTokenRequest, signerAuthenticationTokenResponse } from "@/lib/api/signing-entry";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { issueSignerToken } from "@/lib/esign/signing/links/role-signing-links";
import { apiRoute } from "@/lib/http/api-handler";
import { ok } from "@/lib/api/openapi/operation";

/** A token opening one signer's ceremony once: `/access?sessionToken=<value>`, refused the second time. */
export const POST = apiRoute({
  tag: "Signing",
  summary: "A token that opens a signer's ceremony once",
  description: "signerId is the role id. Redeemed at /access?sessionToken=<value>; refused the second time.",
  permission: PERMISSIONS.transaction,
  body: { schema: signerAuthenticationTokenRequest },
  responses: { 200: ok(signerAuthenticationTokenResponse) },
}, async ({ db, caller, body }) => {
  return issueSignerToken(db, caller, body, "SINGLE_USE");
});

export * from "@/lib/http/method-not-allowed";
