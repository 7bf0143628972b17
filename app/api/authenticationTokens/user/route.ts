import { issueUserAuthenticationToken } from "@/lib/esign/accounts/user-authentication-token";
import { apiRoute } from "@/lib/http/api-handler";
import { ok } from "@/lib/api/openapi/operation";
import { userAuthenticationTokenResponse } from "@/lib/api/accounts";

/** A token that signs the caller in to the console: `/auth?authenticationToken=<value>`, once, for 30 minutes. */
export const POST = apiRoute({
  tag: "Accounts",
  summary: "A token that signs the caller in to the console (the original's user authentication token)",
  description:
    "For the user and account of the credential that asks. Redeemed once within 30 minutes at `/auth?authenticationToken=<value>`: a browser is signed in to the console and sent to its home page (or to `target`, when it is a path of the console); a program asking for JSON gets `{sessionToken}`, the console's session cookie value. Asked for with an access token, what it signs in to works only while that token does.",
  permission: null,
  responses: { 200: ok(userAuthenticationTokenResponse) },
}, async ({ db, caller }) => issueUserAuthenticationToken(db, caller));

export * from "@/lib/http/method-not-allowed";
