import { signUpRequest, signUpRequestedResponse, signUpResponse } from "@/lib/api/accounts";
import { requestSignUp, signUp, signUpNeedsConfirmation } from "@/lib/esign/accounts/sign-up";
import { clientIp, publicRoute } from "@/lib/http/api-handler";
import { json } from "@/lib/http/responses";
import { errorBody, ok } from "@/lib/api/openapi/operation";

/** Our extension: a new account whose owner is the signing-up user; confirmed by e-mail where the service sends e-mail. */
export const POST = publicRoute({
  tag: "Accounts",
  summary: "Create an account and its owner (our extension)",
  description:
    "Where the service sends e-mail (SMTP_URL set), the answer is the same 202 for every e-mail, so that it tells nobody who has an account: a new e-mail is sent a link to the console's `/signup/confirm?token=...` page, which works once within 24 hours and creates the account (`POST /api/signup/confirm`); a registered e-mail's owner is told someone tried. More than 3 sign-ups for one e-mail, or 20 from one address (X-Forwarded-For), within an hour are refused with 429 `error.tooManyRequests.signUp` and Retry-After. Without SMTP_URL nobody could confirm, so the account is created at once (201), and a registered e-mail is a 409.",
  body: { schema: signUpRequest },
  responses: {
    201: ok(signUpResponse, "Without SMTP_URL: the account, its owner and the owner's API key"),
    202: ok(signUpRequestedResponse, "With SMTP_URL: the same answer for every e-mail"),
    429: ok(errorBody, "With SMTP_URL: too many sign-ups for this e-mail or from this address (error.tooManyRequests.signUp); see Retry-After"),
  },
}, async ({ request, db, body }) => {
  if (signUpNeedsConfirmation()) return json(await requestSignUp(db, body, clientIp(request)), 202);
  return json(await signUp(db, body), 201);
});

export * from "@/lib/http/method-not-allowed";
