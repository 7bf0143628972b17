import { passwordResetLinkCheck, passwordResetLinkState } from "@/lib/api/accounts";
import { checkPasswordResetLink } from "@/lib/esign/accounts/password-reset";
import { publicRoute } from "@/lib/http/api-handler";
import { errorBody, ok } from "@/lib/api/openapi/operation";

/** Our extension: whether a reset link still works, before its page asks for a new password. */
export const POST = publicRoute({
  tag: "Accounts",
  summary: "Check a password reset link's token (our extension)",
  description:
    "Answers whether the link still sets a password, with the same refusals as completing it, and changes nothing. The console's reset page asks it first, so that a used or expired link says so and offers a new one instead of showing the form. The token goes in the body, never in an address.",
  body: { schema: passwordResetLinkCheck },
  responses: {
    200: ok(passwordResetLinkState, "The link works until `expires`"),
    400: ok(errorBody, "An unknown token (error.validation.invalidPasswordResetToken)"),
    409: ok(errorBody, "The user is no longer active (error.conflict.userNotActive)"),
    410: ok(errorBody, "The link was used already (error.gone.passwordResetTokenUsed) or has expired (error.gone.passwordResetTokenExpired)"),
  },
}, async ({ db, body }) => {
  return checkPasswordResetLink(db, body);
});

export * from "@/lib/http/method-not-allowed";
