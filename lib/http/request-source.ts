/**
 * Where a browser says a request comes from. Browsers send Sec-Fetch-Site (and Origin on every
 * POST, PUT, PATCH and DELETE); programs (the SDKs, curl) send neither.
 *
 * - `same-origin`: a page of this very origin (Sec-Fetch-Site: same-origin, or else a matching Origin);
 * - `elsewhere`: another origin, including another port of this host or a sibling subdomain
 *   (Sec-Fetch-Site: same-site), or an Origin that is not ours (`null` included);
 * - `unsaid`: neither header, so not a browser (or one too old to say).
 */
export type RequestSource = "same-origin" | "elsewhere" | "unsaid";

/** This server's host as the browser addressed it (behind a proxy, the host the proxy was asked for). */
function ownHost(request: Request): string {
  return request.headers.get("x-forwarded-host") ?? request.headers.get("host") ?? new URL(request.url).host;
}

function isOwnOrigin(origin: string, request: Request): boolean {
  try {
    return new URL(origin).host === ownHost(request);
  } catch {
    return false;
  }
}

export function requestSource(request: Request): RequestSource {
  const origin = request.headers.get("origin");
  if (origin !== null && !isOwnOrigin(origin, request)) return "elsewhere";
  const fetchSite = request.headers.get("sec-fetch-site");
  if (fetchSite) return fetchSite === "same-origin" ? "same-origin" : "elsewhere";
  return origin !== null ? "same-origin" : "unsaid";
}

/** Methods that change nothing, which need no check of where they come from. */
export function isSafeMethod(method: string): boolean {
  return method === "GET" || method === "HEAD" || method === "OPTIONS";
}
