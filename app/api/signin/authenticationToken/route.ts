import { signInResponse, userAuthenticationTokenRedemption } from "@/lib/api/accounts";
import { redeemUserAuthenticationToken } from "@/lib/esign/accounts/user-authentication-token";
import { publicRoute } from "@/lib/http/api-handler";
import { errorBody, ok } from "@/lib/api/openapi/operation";

/** Our extension: a user authentication token exchanged, once, for a sign-in key of its user (the console's sign-in by link). */
export const POST = publicRoute({
  tag: "Accounts",
  summary: "Exchange a user authentication token for a sign-in key of its user (our extension)",
  description:
    "The console's sign-in by link (`/auth?authenticationToken=`): the token from `POST /api/authenticationTokens/user` answers, once, within 30 minutes, its user's sign-in key in the account it was made in, as `POST /api/signin` does. A token asked for with an access token answers a key of its own that acts as that token does (no keys, no client apps), expires with it and goes when its client app is revoked.",
  body: { schema: userAuthenticationTokenRedemption },
  responses: {
    200: ok(signInResponse, "The sign-in key, its user and account"),
    401: ok(errorBody, "An unknown, used or expired token, one whose access token expired or was revoked, or a user no longer active in the account (error.unauthorised.authenticationToken)"),
  },
}, async ({ db, body }) => {
  const { authenticationToken } = body;
  return redeemUserAuthenticationToken(db, authenticationToken);
});

export * from "@/lib/http/method-not-allowed";
