import { accessTokenRequest } from "@/lib/api/client-apps";
import { issueAccessToken } from "@/lib/esign/client-apps/issue-access-token";
import { publicRoute } from "@/lib/http/api-handler";
import { readJsonWith } from "@/lib/http/request-body";

/**
 * At the host root, as the real service has it: a client application's secret for a short-lived
 * access token, never worth more than the app's creator may do today (401 when the app is revoked
 * or its creator left the account, 403 beyond the creator's standing).
 */
export const POST = publicRoute(async ({ request, db }) => {
  const input = await readJsonWith(request, accessTokenRequest);
  return issueAccessToken(db, input);
});
