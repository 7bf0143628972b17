/**
 * The security headers of Signet's answers. Pages get theirs from proxy.ts (a fresh script nonce
 * each); the API's and the other route handlers' are static, in next.config.mjs.
 */

/**
 * A page's Content-Security-Policy. Scripts run only with this response's nonce, which Next.js
 * puts on its own scripts (it reads the policy from the request), and what those scripts load
 * ('strict-dynamic': the page's chunks, pdf.js). Styles stay 'unsafe-inline': React and the field
 * overlays set style attributes, which a nonce cannot allow. pdf.js runs its worker from our own
 * files and draws into data:/blob: images and fonts. `next dev` needs eval for its error overlay.
 */
export function pageContentSecurityPolicy(nonce: string, frameAncestors: string, development = false): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${development ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors}`,
  ].join("; ");
}

/** Who may frame the ceremony: Signet's own pages and the origins the package's account set for embedded signing. */
export function ceremonyFrameAncestors(origins: string[]): string {
  return ["'self'", ...origins].join(" ");
}

/**
 * The headers of a page. The console is never framed (X-Frame-Options too, for browsers without
 * frame-ancestors); the ceremony may be, as its policy says. A ceremony address carries no token
 * (the link's token is spent at /access), but its package id is nobody else's business either.
 */
export function pageSecurityHeaders(contentSecurityPolicy: string, ceremony: boolean): Record<string, string> {
  return {
    "content-security-policy": contentSecurityPolicy,
    "x-content-type-options": "nosniff",
    "referrer-policy": ceremony ? "no-referrer" : "strict-origin-when-cross-origin",
    ...(ceremony ? {} : { "x-frame-options": "DENY" }),
  };
}

/** A fresh nonce: 128 random bits, base64. */
export function newNonce(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
}
