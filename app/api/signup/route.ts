import { signUpRequest, signUpResponse } from "@/lib/api/accounts";
import { signUp } from "@/lib/esign/accounts/sign-up";
import { publicRoute } from "@/lib/http/api-handler";
import { readJsonWith } from "@/lib/http/request-body";
import { json } from "@/lib/http/responses";
import { ok } from "@/lib/api/openapi/operation";

/** Our extension: a new account whose owner is the signing-up user. */
export const POST = publicRoute({
  tag: "Accounts",
  summary: "Create an account and its owner (our extension)",
  body: { schema: signUpRequest },
  responses: { 201: ok(signUpResponse, "The account, its owner and the owner's API key") },
}, async ({ request, db }) => {
  const input = await readJsonWith(request, signUpRequest);
  return json(await signUp(db, input), 201);
});
