import { getDb } from "@/lib/db/client";
import { ServiceError } from "@/lib/esign/errors";
import { redeemSenderToken } from "@/lib/esign/signing/hosting/redeem-sender-token";
import { redeemSigningLink } from "@/lib/esign/signing/links/redeem-signing-link";
import { signingSessionCookie } from "@/lib/esign/signing/session";
import { clientIp } from "@/lib/http/api-handler";
import { PRIVATE, refusalPage } from "@/lib/http/refusal-page";

// Every request redeems a token: never prerendered or cached.
export const dynamic = "force-dynamic";

/**
 * `GET /access?sessionToken=...`, where every signing link and signer authentication token
 * leads, and `GET /access?senderAuthenticationToken=...`, where the sender opens an in-person
 * ceremony they host: the token becomes a ceremony session in an http-only cookie, and the
 * browser goes on to the ceremony of the package (303). A token that does not work gets a
 * readable page (404, 410).
 */
export async function GET(request: Request): Promise<Response> {
  try {
    const query = new URL(request.url).searchParams;
    const client = { ipAddress: clientIp(request), userAgent: request.headers.get("user-agent") };
    const senderToken = query.get("senderAuthenticationToken");
    const redeemed =
      senderToken !== null && !query.has("sessionToken")
        ? await redeemSenderToken(await getDb(), senderToken, client)
        : await redeemSigningLink(await getDb(), query.get("sessionToken"), client);
    return new Response(null, {
      status: 303,
      headers: {
        location: `/sign/${encodeURIComponent(redeemed.packageId)}`,
        "set-cookie": signingSessionCookie(redeemed.packageId, redeemed.sessionToken, redeemed.expires),
        ...PRIVATE,
      },
    });
  } catch (error) {
    if (error instanceof ServiceError) return refusalPage(error);
    console.error("[access] redeeming a signing link failed", error);
    return refusalPage(new ServiceError(500, "error.internal.default", "The signing link could not be opened because of an error on our side. Please try again in a moment."));
  }
}
