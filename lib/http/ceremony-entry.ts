import type { Db } from "@/lib/db/client";
import { getDb } from "@/lib/db/client";
import { escapeHtml } from "@/lib/esign/outbox/messages";
import { ServiceError } from "@/lib/esign/errors";
import type { RedeemedSigningLink, SigningClient } from "@/lib/esign/signing/links/redeem-signing-link";
import { SigningCancelledError } from "@/lib/esign/signing/links/signing-cancelled";
import { signingSessionCookie } from "@/lib/esign/signing/session";
import { createTranslator } from "use-intl/core";
import { CEREMONY_MESSAGES, type CeremonyMessages } from "@/lib/i18n/ceremony-messages";
import { loadMessages } from "@/lib/i18n/messages";
import { clientIp } from "./api-handler";
import { errorResponse, json } from "./responses";
import { logger } from "@/lib/observability/logger";

/**
 * The way into the ceremony shared by `/access` and `/auth`: a token in the address becomes a
 * ceremony session in an http-only cookie.
 */

/**
 * Nothing here may be cached, and the token in the address must not leak to another site. No
 * frame-ancestors: an embedder frames this link, which leads on to the ceremony page, whose own
 * policy says who may frame it; the refusal page runs no script and has nothing to click.
 */
const PRIVATE = {
  "cache-control": "no-store",
  "referrer-policy": "no-referrer",
  "x-content-type-options": "nosniff",
  "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'",
};

/** A link that does not (or no longer) work: a page a person can read, not the API's JSON. */
function refusalPage(error: ServiceError): Response {
  const title =
    error.status === 404 ? "This link does not work" : error.status === 410 ? "This link no longer works" : error.status === 409 ? "There is nothing to sign here" : "Something went wrong";
  return pageResponse("en", title, [`<p style="${PARAGRAPH}">${escapeHtml(error.message)}</p>`], error.status);
}

/**
 * A link of a signing the sender cancelled: who cancelled what, the sender's reason, and what comes
 * next, in the signer's language (the ceremony's messages, `cancelled.*`).
 */
async function cancelledPage(error: SigningCancelledError): Promise<Response> {
  const { locale, senderName, packageName, reason } = error.notice;
  const messages = (await loadMessages(CEREMONY_MESSAGES, locale)) as CeremonyMessages;
  const t = createTranslator({ locale, messages, namespace: "cancelled" });
  const paragraphs = [`<p style="${PARAGRAPH}">${escapeHtml(t("text", { senderName: senderName || t("theSender"), packageName }))}</p>`];
  if (reason) {
    paragraphs.push(
      `<p style="${PARAGRAPH};margin-top:1rem">${escapeHtml(t("theirReason"))}</p>`,
      `<blockquote data-testid="cancel-reason" style="margin:0.5rem 0 0;padding:0.5rem 0.75rem;border-left:3px solid #94a3b8;background:#fff;white-space:pre-wrap">${escapeHtml(reason)}</blockquote>`,
    );
  }
  paragraphs.push(`<p style="${PARAGRAPH};margin-top:1rem">${escapeHtml(t("sentAgain"))}</p>`);
  return pageResponse(locale, t("pageTitle"), paragraphs, error.status);
}

const PARAGRAPH = "font-size:1rem;line-height:1.5;margin:0";

function pageResponse(lang: string, title: string, paragraphs: string[], status: number): Response {
  const html = `<!doctype html>
<html lang="${escapeHtml(lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Signet</title>
</head>
<body style="margin:0;font-family:system-ui,-apple-system,'Segoe UI',sans-serif;background:#f8fafc;color:#0f172a">
<main style="max-width:32rem;margin:4rem auto;padding:0 1.5rem">
<h1 style="font-size:1.5rem;font-weight:600;margin:0 0 1rem">${escapeHtml(title)}</h1>
${paragraphs.join("\n")}
</main>
</body>
</html>
`;
  return new Response(html, { status, headers: { "content-type": "text/html; charset=utf-8", ...PRIVATE } });
}


/** How a route reads its token from the address and redeems it. */
export type RedeemToken = (db: Db, query: URLSearchParams, client: SigningClient) => Promise<RedeemedSigningLink>;

/**
 * Redeems the token and sets the session cookie: a browser goes on to the package's ceremony
 * (303); with `answerJson`, a program gets `{sessionToken}`. A token that does not work gets a
 * readable page (404, 410), or the API's JSON error with `answerJson`. `what` names the link in
 * the message of an error on our side; `label` the route in the log.
 */
export async function enterCeremony(request: Request, redeem: RedeemToken, options: { answerJson: boolean; what: string; label: string }): Promise<Response> {
  try {
    const client = { ipAddress: clientIp(request), userAgent: request.headers.get("user-agent") };
    const redeemed = await redeem(await getDb(), new URL(request.url).searchParams, client);
    const cookie = signingSessionCookie(redeemed.packageId, redeemed.sessionToken, redeemed.expires);
    if (options.answerJson) return json({ sessionToken: redeemed.sessionToken }, 200, { "set-cookie": cookie, ...PRIVATE });
    return new Response(null, { status: 303, headers: { location: `/sign/${encodeURIComponent(redeemed.packageId)}`, "set-cookie": cookie, ...PRIVATE } });
  } catch (caught) {
    let error = caught;
    if (!(error instanceof ServiceError)) {
      logger().error({ err: error, route: options.label }, "redeeming a token failed");
      error = new ServiceError(500, "error.internal.default", `The ${options.what} could not be opened because of an error on our side. Please try again in a moment.`);
    }
    if (options.answerJson) return errorResponse(error as ServiceError);
    return error instanceof SigningCancelledError ? cancelledPage(error) : refusalPage(error as ServiceError);
  }
}
