import { passwordChange } from "@/lib/api/accounts";
import { changePassword } from "@/lib/esign/accounts/change-password";
import { apiRoute, clientIp } from "@/lib/http/api-handler";
import { readJsonWith } from "@/lib/http/request-body";

/** Our extension: the caller's own password, changed with the current one. */
export const POST = apiRoute({ permission: null }, async ({ request, db, caller }) => {
  const input = await readJsonWith(request, passwordChange);
  return changePassword(db, caller, input, clientIp(request));
});
