import { getDb } from "@/lib/db/client";
import { escapeHtml } from "@/lib/email/messages";
import { ServiceError } from "@/lib/esign/errors";
import { redeemSenderToken } from "@/lib/esign/signing/hosting/redeem-sender-token";
import { redeemSigningLink } from "@/lib/esign/signing/links/redeem-signing-link";
import { signingSessionCookie } from "@/lib/esign/signing/session";
import { clientIp } from "@/lib/http/api-handler";

// Every request redeems a token: never prerendered or cached.
export const dynamic = "force-dynamic";

/** Nothing here may be cached, and the token in the address must not leak to another site. */
const PRIVATE = { "cache-control": "no-store", "referrer-policy": "no-referrer" };

/** A link that does not (or no longer) work: a page a person can read, not the API's JSON. */
function refusalPage(error: ServiceError): Response {
  const title = error.status === 404 ? "This link does not work" : error.status === 410 ? "This link no longer works" : "Something went wrong";
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Signet</title>
</head>
<body style="margin:0;font-family:system-ui,-apple-system,'Segoe UI',sans-serif;background:#f8fafc;color:#0f172a">
<main style="max-width:32rem;margin:4rem auto;padding:0 1.5rem">
<h1 style="font-size:1.5rem;font-weight:600;margin:0 0 1rem">${escapeHtml(title)}</h1>
<p style="font-size:1rem;line-height:1.5;margin:0">${escapeHtml(error.message)}</p>
</main>
</body>
</html>
`;
  return new Response(html, { status: error.status, headers: { "content-type": "text/html; charset=utf-8", ...PRIVATE } });
}

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
