import { signInRequest, signInResponse } from "@/lib/api/accounts";
import { signIn } from "@/lib/esign/accounts/sign-in";
import { clientIp, publicRoute } from "@/lib/http/api-handler";
import { errorBody, ok } from "@/lib/api/openapi/operation";

/** Our extension: e-mail and password exchanged for the user's sign-in key (the console's sign-in). */
export const POST = publicRoute({
  tag: "Accounts",
  summary: "Exchange an e-mail and password for the user's sign-in key (our extension)",
  description:
    "The console's sign-in: answers the user's sign-in key in their home account (made at the first sign-in there; the same for every sign-in after). It is not one of the user's integration keys, the API never reads it back, and a password change or reset revokes it. A wrong password, an unknown e-mail and a deleted user get the same 401 `error.unauthorised.badCredentials`, never in under SIGN_IN_FAILURE_DELAY_MS. Failures are counted per e-mail (lower-cased) and per client address (X-Forwarded-For): after 5 for one e-mail, or 30 from one address, within 15 minutes, attempts are refused with 429 `error.tooManyRequests.signIn` and a Retry-After header (also `entity.retryAfterSeconds`) without the password being checked; signing in clears the e-mail's failures. Works whether or not sign-up is enabled.",
  body: { schema: signInRequest },
  responses: {
    200: ok(signInResponse, "The sign-in key, its user and account"),
    401: ok(errorBody, "Wrong e-mail or password (error.unauthorised.badCredentials)"),
    403: ok(errorBody, "An invited sender who has not activated their account yet (error.forbidden.senderNotActivated)"),
    429: ok(errorBody, "Too many failed sign-ins for this e-mail or from this address (error.tooManyRequests.signIn); see Retry-After"),
  },
}, async ({ request, db, body }) => {
  return signIn(db, body, clientIp(request));
});

export * from "@/lib/http/method-not-allowed";
