import { signInResponse, userAuthenticationTokenRedemption } from "@/lib/api/accounts";
import { redeemUserAuthenticationToken } from "@/lib/esign/accounts/user-authentication-token";
import { publicRoute } from "@/lib/http/api-handler";
import { readJsonWith } from "@/lib/http/request-body";
import { errorBody, ok } from "@/lib/api/openapi/operation";

/** Our extension: a user authentication token exchanged, once, for its user's API key (the console's sign-in by link). */
export const POST = publicRoute({
  tag: "Accounts",
  summary: "Exchange a user authentication token for its user's API key (our extension)",
  description:
    "The console's sign-in by link (`/auth?authenticationToken=`): the token from `POST /api/authenticationTokens/user` answers its user's API key in the account it was made in, once, within 30 minutes.",
  body: { schema: userAuthenticationTokenRedemption },
  responses: {
    200: ok(signInResponse, "The API key, its user and account"),
    401: ok(errorBody, "An unknown, used or expired token, or a user no longer active in the account (error.unauthorised.authenticationToken)"),
  },
}, async ({ request, db }) => {
  const { authenticationToken } = await readJsonWith(request, userAuthenticationTokenRedemption);
  return redeemUserAuthenticationToken(db, authenticationToken);
});
