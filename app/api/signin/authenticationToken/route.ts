import { userAuthenticationTokenRedemption } from "@/lib/api/accounts";
import { redeemUserAuthenticationToken } from "@/lib/esign/accounts/user-authentication-token";
import { publicRoute } from "@/lib/http/api-handler";
import { readJsonWith } from "@/lib/http/request-body";

/** Our extension: a user authentication token exchanged, once, for its user's API key (the console's sign-in by link). */
export const POST = publicRoute(async ({ request, db }) => {
  const { authenticationToken } = await readJsonWith(request, userAuthenticationTokenRedemption);
  return redeemUserAuthenticationToken(db, authenticationToken);
});
