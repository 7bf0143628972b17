import { passwordResetRequest } from "@/lib/api/accounts";
import { requestPasswordReset } from "@/lib/esign/accounts/password-reset";
import { clientIp, publicRoute } from "@/lib/http/api-handler";
import { readJsonWith } from "@/lib/http/request-body";
import { json } from "@/lib/http/responses";

/** Our extension: a password reset link e-mailed to an active user; the same 202 for any address. */
export const POST = publicRoute(async ({ request, db }) => {
  const input = await readJsonWith(request, passwordResetRequest);
  return json(await requestPasswordReset(db, input, clientIp(request)), 202);
});
