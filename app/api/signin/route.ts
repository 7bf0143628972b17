import { signInRequest } from "@/lib/api/accounts";
import { signIn } from "@/lib/esign/accounts/sign-in";
import { clientIp, publicRoute } from "@/lib/http/api-handler";
import { readJsonWith } from "@/lib/http/request-body";

/** Our extension: e-mail and password exchanged for the user's API key (the console's sign-in). */
export const POST = publicRoute(async ({ request, db }) => {
  const input = await readJsonWith(request, signInRequest);
  return signIn(db, input, clientIp(request));
});
