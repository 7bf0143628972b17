import { passwordChange, passwordChangeResponse } from "@/lib/api/accounts";
import { changePassword } from "@/lib/esign/accounts/change-password";
import { apiRoute, clientIp } from "@/lib/http/api-handler";
import { errorBody, ok } from "@/lib/api/openapi/operation";

/** Our extension: the caller's own password, changed with the current one. */
export const POST = apiRoute({
  tag: "Accounts",
  summary: "Change the caller's own password (our extension)",
  description:
    "Needs the current password; the new one meets the sign-up rule. A wrong current password counts as a failed sign-in for the user's e-mail, with the sign-in's limits (429 `error.tooManyRequests.signIn`). Outstanding reset links stop working, and so does every sign-in key of the user (what `POST /api/signin` and user authentication tokens answered), in every account; integration keys stay. A caller with an API key gets its fresh sign-in key in this account as `apiKey` (the console keeps its session with it and ends the user's other sessions); an access token gets none.",
  permission: null,
  body: { schema: passwordChange },
  responses: {
    200: ok(passwordChangeResponse, "The user whose password was changed, and the caller's fresh sign-in key"),
    400: ok(errorBody, "A wrong current password (error.validation.wrongCurrentPassword) or a weak new one (error.validation.weakPassword)"),
    429: ok(errorBody, "Too many failed attempts at this user's password (error.tooManyRequests.signIn); see Retry-After"),
  },
}, async ({ request, db, caller, body }) => {
  return changePassword(db, caller, body, clientIp(request));
});

export * from "@/lib/http/method-not-allowed";
