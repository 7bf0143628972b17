import { escapeHtml } from "@/lib/email/messages";
import type { ServiceError } from "@/lib/esign/errors";

/** Nothing here may be cached, and the token in the address must not leak to another site. */
export const PRIVATE = { "cache-control": "no-store", "referrer-policy": "no-referrer" };

/** A link that does not (or no longer) work: a page a person can read, not the API's JSON. */
export function refusalPage(error: ServiceError): Response {
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

