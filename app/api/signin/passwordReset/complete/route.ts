import { passwordResetCompletion, passwordSetResponse } from "@/lib/api/accounts";
import { completePasswordReset } from "@/lib/esign/accounts/password-reset";
import { publicRoute } from "@/lib/http/api-handler";
import { errorBody, ok } from "@/lib/api/openapi/operation";

/** Our extension: the reset link's token and a new password. */
export const POST = publicRoute({
  tag: "Accounts",
  summary: "Set a new password with a reset link's token (our extension)",
  description:
    "The new password meets the sign-up rule (8 characters or more, a letter and a digit). The token, and every other outstanding reset link of the user, is used up, and the e-mail's failed sign-ins are forgotten. Answers whose password it was; the console then ends every session of that user.",
  body: { schema: passwordResetCompletion },
  responses: {
    200: ok(passwordSetResponse, "The user whose password was set"),
    400: ok(errorBody, "An unknown token (error.validation.invalidPasswordResetToken) or a weak password (error.validation.weakPassword)"),
    409: ok(errorBody, "The user is no longer active (error.conflict.userNotActive)"),
    410: ok(errorBody, "The link was used already (error.gone.passwordResetTokenUsed) or has expired (error.gone.passwordResetTokenExpired)"),
  },
}, async ({ db, body }) => {
  return completePasswordReset(db, body);
});

export * from "@/lib/http/method-not-allowed";
