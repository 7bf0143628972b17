import { senderAuthenticationTokenRequest, senderAuthenticationTokenResponse } from "@/lib/api/signing-entry";
import { issueSenderToken } from "@/lib/esign/signing/hosting/issue-sender-token";
import { apiRoute } from "@/lib/http/api-handler";
import { readJsonWith } from "@/lib/http/request-body";
import { errorBody, ok } from "@/lib/api/openapi/operation";

/** A token with which the package's sender hosts its signing in person: `/access?senderAuthenticationToken=<value>`, once, for 30 minutes. */
export const POST = apiRoute({
  tag: "Signing",
  summary: "A token with which the package's sender hosts its signing in person",
  description:
    "Only the package's sender, for a SENT package with settings.ceremony.inPerson true. Redeemed once within 30 minutes at /access?senderAuthenticationToken=<value>, which opens the ceremony on the sender's device for the first signer whose turn it is.",
  permission: "transaction.in_person",
  body: { schema: senderAuthenticationTokenRequest },
  responses: {
    200: ok(senderAuthenticationTokenResponse),
    403: ok(errorBody, "The caller is not the package's sender"),
    409: ok(errorBody, "The package is not SENT, is in the trash, is not set for in-person signing, or every signer has finished"),
  },
}, async ({ request, db, caller }) => {
  return issueSenderToken(db, caller, await readJsonWith(request, senderAuthenticationTokenRequest));
});

export * from "@/lib/http/method-not-allowed";
