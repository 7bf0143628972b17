import { getDb } from "@/lib/db/client";
import { isDesignerToken } from "@/lib/esign/designer/designer-token";
import { redeemSenderToken } from "@/lib/esign/signing/hosting/redeem-sender-token";
import { redeemSigningLink } from "@/lib/esign/signing/links/redeem-signing-link";
import { enterCeremony } from "@/lib/http/ceremony-entry";

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
 *
 * `GET /auth?authenticationToken=…` (a user authentication token) signs its user in to the console.
 * `GET /auth?senderAuthenticationToken=…` with a token asked for a DRAFT opens its designer: a
 * console session limited to that package's builder (lib/console/designer-sign-in.ts).
 */
export async function GET(request: Request): Promise<Response> {
  const userToken = new URL(request.url).searchParams.get("authenticationToken");
  if (userToken !== null) {
    // Loaded here: the console's sign-in brings next-auth, which the service's own uses of this route do not need.
    const { signInByLink } = await import("@/lib/console/sign-in-by-link");
    return signInByLink(request, userToken, wantsJson(request));
  }
  const senderToken = new URL(request.url).searchParams.get("senderAuthenticationToken");
  if (senderToken !== null && (await isDesignerToken(await getDb(), senderToken))) {
    const { signInToDesigner } = await import("@/lib/console/designer-sign-in");
    return signInToDesigner(request, senderToken, wantsJson(request));
  }
  return enterCeremony(
    request,
    (db, query, client) => {
      const senderToken = query.get("senderAuthenticationToken");
      return senderToken !== null ? redeemSenderToken(db, senderToken, client) : redeemSigningLink(db, query.get("signerAuthenticationToken"), client);
    },
    { answerJson: wantsJson(request), what: "link", label: "auth" },
  );
}
