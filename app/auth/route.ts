import { getDb } from "@/lib/db/client";
import { ServiceError } from "@/lib/esign/errors";
import { redeemSenderToken } from "@/lib/esign/signing/hosting/redeem-sender-token";
import { redeemSigningLink } from "@/lib/esign/signing/links/redeem-signing-link";
import { signingSessionCookie } from "@/lib/esign/signing/session";
import { clientIp } from "@/lib/http/api-handler";
import { PRIVATE, refusalPage } from "@/lib/http/refusal-page";
import { errorResponse, json } from "@/lib/http/responses";

// Every request redeems a token: never prerendered or cached.
export const dynamic = "force-dynamic";

/** Whether the caller is a program asking for the session (the SDKs send Accept: application/json), not a browser. */
function wantsJson(request: Request): boolean {
  const accept = request.headers.get("accept") ?? "";
  return accept.includes("application/json") && !accept.includes("text/html");
}

/**
 * `GET /auth?signerAuthenticationToken=…` and `GET /auth?senderAuthenticationToken=…`, the
 * original service's address for its authentication tokens (the SDKs build it from the web page
 * URL): the token becomes a ceremony session, as at `/access`. A browser is sent on to the
 * ceremony with the session cookie (303); a program asking for JSON gets `{sessionToken}`, which
 * the SDKs then send as the `ESIGNLIVE_SESSION_ID` cookie to act as the signer (attachments).
 * The SDKs' `target` (the original's ceremony address) is not followed: the redeemed package's
 * ceremony is where such a session leads, and no other site is.
 */
export async function GET(request: Request): Promise<Response> {
  const asJson = wantsJson(request);
  try {
    const query = new URL(request.url).searchParams;
    const client = { ipAddress: clientIp(request), userAgent: request.headers.get("user-agent") };
    const senderToken = query.get("senderAuthenticationToken");
    const redeemed =
      senderToken !== null ? await redeemSenderToken(await getDb(), senderToken, client) : await redeemSigningLink(await getDb(), query.get("signerAuthenticationToken"), client);
    const cookie = signingSessionCookie(redeemed.packageId, redeemed.sessionToken, redeemed.expires);
    if (asJson) return json({ sessionToken: redeemed.sessionToken }, 200, { "set-cookie": cookie, ...PRIVATE });
    return new Response(null, { status: 303, headers: { location: `/sign/${encodeURIComponent(redeemed.packageId)}`, "set-cookie": cookie, ...PRIVATE } });
  } catch (error) {
    if (!(error instanceof ServiceError)) {
      console.error("[auth] redeeming an authentication token failed", error);
      error = new ServiceError(500, "error.internal.default", "The link could not be opened because of an error on our side. Please try again in a moment.");
    }
    return asJson ? errorResponse(error as ServiceError) : refusalPage(error as ServiceError);
  }
}
