import { signUpConfirmation, signUpResponse } from "@/lib/api/accounts";
import { confirmSignUp } from "@/lib/esign/accounts/sign-up";
import { publicRoute } from "@/lib/http/api-handler";
import { json } from "@/lib/http/responses";
import { errorBody, ok } from "@/lib/api/openapi/operation";

/** Our extension: the e-mailed sign-up link's token, with the password given at sign-up, creates the account. */
export const POST = publicRoute({
  tag: "Accounts",
  summary: "Confirm a sign-up's e-mail and create its account (our extension)",
  description:
    "The token of the link `POST /api/signup` e-mailed, and the password given to that sign-up: the link creates the account only for whoever chose its password, so a stranger who signed up with someone's e-mail cannot make that person's account with a password of the stranger's. Creates the account and its owner once, and answers as an immediate sign-up does. A wrong password is a 400 `error.validation.wrongSignUpPassword` that says how many tries are left; after 5 the link is void (410 `error.gone.signUpTokenVoid`). An unknown token is a 400 `error.validation.invalidSignUpToken`; a used or expired one a 410 (`error.gone.signUpTokenUsed`, `error.gone.signUpTokenExpired`); an e-mail registered meanwhile a 409.",
  body: { schema: signUpConfirmation },
  responses: {
    201: ok(signUpResponse, "The account, its owner and the owner's API key"),
    400: ok(errorBody, "Not the password given at sign-up (error.validation.wrongSignUpPassword), or an unknown token (error.validation.invalidSignUpToken)"),
    410: ok(errorBody, "The link has been used, has expired, or is void after 5 wrong passwords"),
  },
}, async ({ db, body }) => {
  return json(await confirmSignUp(db, body), 201);
});

export * from "@/lib/http/method-not-allowed";
