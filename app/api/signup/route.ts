import { signUpRequest } from "@/lib/api/accounts";
import { signUp } from "@/lib/esign/accounts/sign-up";
import { publicRoute } from "@/lib/http/api-handler";
import { readJsonWith } from "@/lib/http/request-body";
import { json } from "@/lib/http/responses";

/** Our extension: a new account whose owner is the signing-up user. */
export const POST = publicRoute(async ({ request, db }) => {
  const input = await readJsonWith(request, signUpRequest);
  return json(await signUp(db, input), 201);
});
