import { designerSignInResponse, designerTokenRedemption } from "@/lib/api/accounts";
import { redeemDesignerToken } from "@/lib/esign/designer/designer-token";
import { publicRoute } from "@/lib/http/api-handler";
import { errorBody, ok } from "@/lib/api/openapi/operation";

/** Our extension: a designer token exchanged, once, for the package sender's sign-in key and the one package its console session is limited to. */
export const POST = publicRoute({
  tag: "Accounts",
  summary: "Exchange a designer token for a session limited to one draft (our extension)",
  description:
    "The console's redemption of `/auth?senderAuthenticationToken=` for a DRAFT: the token from `POST /api/authenticationTokens/sender` answers, once, within 30 minutes, the package sender's sign-in key, the package (the console refuses everything else to that session) and where the designer returns to (the package's hand-over link).",
  body: { schema: designerTokenRedemption },
  responses: {
    200: ok(designerSignInResponse, "The sign-in key, its user and account, the package and the return URL"),
    401: ok(errorBody, "An unknown, used or expired token, a package no longer a draft, or a sender no longer active in the account (error.unauthorised.senderAuthenticationToken)"),
  },
}, async ({ db, body }) => {
  const { senderAuthenticationToken } = body;
  return redeemDesignerToken(db, senderAuthenticationToken);
});

export * from "@/lib/http/method-not-allowed";
