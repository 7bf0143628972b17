import { accessTokenRequest, accessTokenResponse } from "@/lib/api/client-apps";
import { issueAccessToken } from "@/lib/esign/client-apps/issue-access-token";
import { publicRoute } from "@/lib/http/api-handler";
import { errorBody, ok } from "@/lib/api/openapi/operation";

/**
 * At the host root, as the real service has it: a client application's secret for a short-lived
 * access token, never worth more than the app's creator may do today (401 when the app is revoked
 * or its creator left the account, 403 beyond the creator's standing).
 */
export const POST = publicRoute({
  tag: "Access tokens",
  summary: "Exchange a client application's secret for a short-lived access token",
  description:
    "type OWNER acts as the app's creator, who must be an owner of the account; type SENDER with email acts as that sender, whose permissions must be within the creator's. A token never does more than its app's creator may do when it is issued. Use it as `Authorization: Bearer <token>`.",
  body: { schema: accessTokenRequest },
  responses: {
    200: ok(accessTokenResponse),
    401: ok(errorBody, "Wrong client id or secret, a revoked app, or an app whose creator left the account"),
    403: ok(errorBody, "The app's creator may not act as requested"),
  },
}, async ({ db, body }) => {
  return issueAccessToken(db, body);
});

export * from "@/lib/http/method-not-allowed";
