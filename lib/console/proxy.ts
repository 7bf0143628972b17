import { getToken } from "next-auth/jwt";
import { consoleAuthSecret, sessionCookieIsSecure } from "./auth-secret";
import { esignApiUrl } from "./esign-api";

/**
 * The console's proxy: `/proxy/api/...` in the browser becomes `ESIGN_API_URL/api/...` with the
 * signed-in user's key, which only this server ever sees. Bodies stream both ways (an upload or a
 * download is never held whole in memory) and the service's answers, errors included, pass
 * through unchanged.
 */

export const PROXY_PREFIX = "/proxy";

const FORWARDED_REQUEST_HEADERS = ["accept", "accept-language", "content-type", "content-length", "if-none-match", "if-modified-since"];
const FORWARDED_RESPONSE_HEADERS = [
  "content-type",
  "content-length",
  "content-disposition",
  "cache-control",
  "etag",
  "last-modified",
  "retry-after",
  "location",
];
const SAFE_METHODS = new Set(["GET", "HEAD"]);

function consoleError(status: number, name: string, messageKey: string, message: string): Response {
  return Response.json({ code: status, name, message, messageKey }, { status });
}

/**
 * A write must come from the console's own pages: the browser says where a request comes from
 * (Sec-Fetch-Site, or else Origin), and anything else is refused, so another site cannot make a
 * signed-in user's browser act through their session cookie.
 */
export function isSameOriginRequest(request: Request): boolean {
  const fetchSite = request.headers.get("sec-fetch-site");
  if (fetchSite) return fetchSite === "same-origin";
  const origin = request.headers.get("origin");
  if (!origin) return false;
  const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host") ?? new URL(request.url).host;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

/** The API path and query asked for, exactly as the browser wrote them (encoding and trailing slash kept). */
function upstreamPath(request: Request): string | null {
  const url = new URL(request.url);
  if (!url.pathname.startsWith(`${PROXY_PREFIX}/api/`)) return null;
  const path = url.pathname.slice(PROXY_PREFIX.length);
  return `${path}${url.search}`;
}

export async function proxyRequest(request: Request): Promise<Response> {
  const path = upstreamPath(request);
  if (!path) return consoleError(404, "Not Found", "error.notFound.path", "The console forwards only /api/... paths.");
  if (!SAFE_METHODS.has(request.method) && !isSameOriginRequest(request)) {
    return consoleError(403, "Forbidden", "error.forbidden.crossSite", "Changes are accepted only from the console's own pages.");
  }
  const token = await getToken({ req: request, secret: consoleAuthSecret(), secureCookie: sessionCookieIsSecure(request) });
  if (!token?.apiKey) {
    return consoleError(401, "Unauthorized", "error.unauthorised.consoleSession", "Your session has ended. Sign in again.");
  }

  const headers = new Headers({ authorization: `Basic ${token.apiKey}` });
  for (const name of FORWARDED_REQUEST_HEADERS) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  const clientIp = request.headers.get("x-forwarded-for");
  if (clientIp) headers.set("x-forwarded-for", clientIp);

  const hasBody = !SAFE_METHODS.has(request.method) && request.body !== null;
  let upstream: Response;
  try {
    upstream = await fetch(`${esignApiUrl()}${path}`, {
      method: request.method,
      headers,
      body: hasBody ? request.body : undefined,
      // Node's fetch streams a request body only in half-duplex mode.
      ...(hasBody ? { duplex: "half" } : {}),
      redirect: "manual",
      cache: "no-store",
      signal: request.signal,
    } as RequestInit);
  } catch (error) {
    if (request.signal.aborted) return new Response(null, { status: 499 });
    console.error(`[proxy] ${request.method} ${path} could not reach ${esignApiUrl()}`, error);
    return consoleError(502, "Bad Gateway", "error.badGateway.serviceUnreachable", "The e-signature service could not be reached. Try again in a moment.");
  }

  const responseHeaders = new Headers();
  for (const name of FORWARDED_RESPONSE_HEADERS) {
    const value = upstream.headers.get(name);
    if (value) responseHeaders.set(name, value);
  }
  // fetch has already decoded a compressed body: its length and encoding no longer hold.
  if (upstream.headers.get("content-encoding")) responseHeaders.delete("content-length");
  return new Response(upstream.body, { status: upstream.status, statusText: upstream.statusText, headers: responseHeaders });
}
