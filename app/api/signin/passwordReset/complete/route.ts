import { passwordResetCompletion } from "@/lib/api/accounts";
import { completePasswordReset } from "@/lib/esign/accounts/password-reset";
import { publicRoute } from "@/lib/http/api-handler";
import { readJsonWith } from "@/lib/http/request-body";

/** Our extension: the reset link's token and a new password. */
export const POST = publicRoute(async ({ request, db }) => {
  const input = await readJsonWith(request, passwordResetCompletion);
  return completePasswordReset(db, input);
});
