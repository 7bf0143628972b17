import { passwordResetRequest, passwordResetRequestResponse } from "@/lib/api/accounts";
import { requestPasswordReset } from "@/lib/esign/accounts/password-reset";
import { clientIp, publicRoute } from "@/lib/http/api-handler";
import { json } from "@/lib/http/responses";
import { errorBody, ok } from "@/lib/api/openapi/operation";

/** Our extension: a password reset link e-mailed to an active user; the same 202 for any address. */
export const POST = publicRoute({
  tag: "Accounts",
  summary: "E-mail a link to choose a new password (our extension)",
  description:
    "When the e-mail is an active user's, a link to the console's `/reset-password/{token}` page is e-mailed: it works once, within 60 minutes (the service keeps only a hash of its token). The answer is the same 202 whether or not the e-mail is a user's. More than 3 requests for one e-mail, or 20 from one address (X-Forwarded-For), within an hour are refused with 429 `error.tooManyRequests.passwordReset` and Retry-After, whatever the e-mail.",
  body: { schema: passwordResetRequest },
  responses: {
    202: ok(passwordResetRequestResponse, "The same answer for every e-mail"),
    429: ok(errorBody, "Too many requests for this e-mail or from this address (error.tooManyRequests.passwordReset); see Retry-After"),
  },
}, async ({ request, db, body }) => {
  return json(await requestPasswordReset(db, body, clientIp(request)), 202);
});

export * from "@/lib/http/method-not-allowed";
