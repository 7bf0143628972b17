import { senderAuthenticationTokenRequest, senderAuthenticationTokenResponse } from "@/lib/api/signing-entry";
import { issueSenderToken } from "@/lib/esign/signing/hosting/issue-sender-token";
import { apiRoute } from "@/lib/http/api-handler";
import { errorBody, ok } from "@/lib/api/openapi/operation";

/** For a DRAFT, a token that opens its designer (`/auth?senderAuthenticationToken=<value>`); for a SENT in-person package, one with which its sender hosts the signing (`/access?senderAuthenticationToken=<value>`). Once, for 30 minutes. */
export const POST = apiRoute({
  tag: "Signing",
  summary: "A sender authentication token: the designer of a draft, or hosting the in-person signing of a sent package",
  description:
    "For a DRAFT (the original's designer): asked for by the package's sender, the account owner or a sender with users.manage; redeemed once within 30 minutes at /auth?senderAuthenticationToken=<value>[&target=…], which opens a console session of the package's sender limited to that package's builder (a client asking for JSON gets {sessionToken}, the console's session cookie). For a SENT package with settings.ceremony.inPerson true: only its sender, with transaction.in_person; redeemed once within 30 minutes at /access?senderAuthenticationToken=<value>, which opens the ceremony on the sender's device for the first signer whose turn it is.",
  permission: "transaction.transaction",
  body: { schema: senderAuthenticationTokenRequest },
  responses: {
    200: ok(senderAuthenticationTokenResponse),
    403: ok(errorBody, "The caller is not the package's sender (nor, for a draft, an account manager), or lacks transaction.in_person for hosting"),
    409: ok(errorBody, "The package is neither a DRAFT nor SENT, is in the trash, is not set for in-person signing, or every signer has finished"),
  },
}, async ({ db, caller, body }) => {
  return issueSenderToken(db, caller, body);
});

export * from "@/lib/http/method-not-allowed";
