import http from "node:http";
import https from "node:https";
import { pipeline, Readable } from "node:stream";
import zlib from "node:zlib";
import { getToken } from "next-auth/jwt";
import { consoleAuthSecret, sessionCookieIsSecure } from "./auth-secret";
import { ACCOUNT_CHANGED_MESSAGE_KEY, CONSOLE_ACCOUNT_HEADER } from "./api-client";
import { consoleSessionIsLive } from "./console-sessions";
import { designerMayCall } from "./designer-scope";
import type { EmbeddedService } from "./embedded-service";
import { declareContentLength } from "@/lib/http/content-length";
import { requestSource } from "@/lib/http/request-source";
import { json } from "@/lib/http/responses";
import { esignApiUrl, isEmbeddedService } from "./esign-api";
import { refererPath, signInAgainPath } from "./sign-in-return";
import { logger } from "@/lib/observability/logger";
import { REQUEST_ID_HEADER, requestIdOf } from "@/lib/observability/request-log";

/**
 * The console's proxy: `/proxy/api/...` in the browser becomes `ESIGN_API_URL/api/...` with the
 * signed-in user's key, which only this server ever sees. Bodies stream both ways (an upload or a
 * download is never held whole in memory) and the service's answers, errors included, pass
 * through unchanged. The service is asked for uncompressed answers: this server compresses what
 * it sends the browser, and compressing twice (and decoding in between) costs more on loopback
 * than it saves.
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
  "allow",
  "location",
  REQUEST_ID_HEADER,
];
const SAFE_METHODS = new Set(["GET", "HEAD"]);

function consoleError(status: number, name: string, messageKey: string, message: string): Response {
  return json({ code: status, name, message, messageKey }, status);
}

/**
 * A write must come from the console's own pages: the browser says where a request comes from
 * (Sec-Fetch-Site, or else Origin), and anything else, a request that says nothing included, is
 * refused, so another site cannot make a signed-in user's browser act through their session cookie.
 */
export function isSameOriginRequest(request: Request): boolean {
  return requestSource(request) === "same-origin";
}

/** The API path and query asked for, exactly as the browser wrote them (encoding and trailing slash kept). */
function upstreamPath(request: Request): string | null {
  const url = new URL(request.url);
  if (!url.pathname.startsWith(`${PROXY_PREFIX}/api/`)) return null;
  const path = url.pathname.slice(PROXY_PREFIX.length);
  return `${path}${url.search}`;
}

/**
 * Upstream connections are kept open between requests: a new TCP connection per call costs more
 * than the call. An idle one is let go a second before the service would close it (the timeout
 * its `Keep-Alive` header announces, 5 s for Node's servers), and after IDLE_CONNECTION_MS at the
 * most: a call sent on a connection the service is closing fails unanswered, and a write cannot
 * be sent again. (Node's agent honours that header only when given a timeout of its own.)
 */
const IDLE_CONNECTION_MS = 30_000;
const agentOptions = { keepAlive: true, timeout: IDLE_CONNECTION_MS };
const agents = { "http:": new http.Agent(agentOptions), "https:": new https.Agent(agentOptions) };

/**
 * The signed-in user's API key, from the encrypted session cookie. Decrypting the cookie is most of
 * the proxy's own cost, so the result is remembered per cookie until the session's expiry: the same
 * cookie always decrypts to the same token. Whether the session still works (not signed out or
 * revoked) is asked of the session store on every call.
 */
interface ProxySession {
  apiKey: string;
  /** The account the session is in (it changes when the console switches into a sub account). */
  accountId: string | undefined;
  sessionId: string | undefined;
  /** A designer session's one package (lib/console/designer-scope.ts). */
  designerPackageId: string | undefined;
}

async function liveProxySession(request: Request): Promise<ProxySession | null> {
  const session = await proxySession(request);
  return session && (await consoleSessionIsLive(session.sessionId)) ? session : null;
}

const decryptedSessions = new Map<string, ProxySession & { expiresAt: number }>();
const REMEMBERED_SESSIONS = 1000;

async function proxySession(request: Request): Promise<ProxySession | null> {
  const secureCookie = sessionCookieIsSecure(request);
  const cookie = request.headers.get("cookie");
  if (!cookie) return null;
  const cacheKey = `${secureCookie ? "s" : "p"}:${cookie}`;
  const remembered = decryptedSessions.get(cacheKey);
  if (remembered && remembered.expiresAt > Date.now()) return remembered;
  decryptedSessions.delete(cacheKey);

  const token = await getToken({ req: request, secret: consoleAuthSecret(), secureCookie });
  if (typeof token?.apiKey !== "string" || !token.apiKey) return null;
  const session = { apiKey: token.apiKey, accountId: token.accountId, sessionId: token.sessionId, designerPackageId: token.designerPackageId };
  if (typeof token.exp === "number") {
    if (decryptedSessions.size >= REMEMBERED_SESSIONS) decryptedSessions.delete(decryptedSessions.keys().next().value!);
    decryptedSessions.set(cacheKey, { ...session, expiresAt: token.exp * 1000 });
  }
  return session;
}

/**
 * One call to the service over node:http: lighter than fetch, which costs about a millisecond
 * more per call here (measured with bench/console.ts).
 *
 * A kept-alive connection may be closed by the service (its idle timeout) just as a call goes
 * out on it: the call fails before any answer. A read (GET, HEAD) is then sent again on another
 * connection, as fetch does; a write is not, as the service may have acted on it.
 */
function callService(url: URL, method: string, headers: Record<string, string>, body: ReadableStream<Uint8Array> | null, signal: AbortSignal): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const transport = url.protocol === "https:" ? https : http;
    const outgoing = transport.request(url, { method, headers, agent: agents[url.protocol as keyof typeof agents], signal }, resolve);
    outgoing.on("error", (error: NodeJS.ErrnoException) => {
      const closedWhileIdle = outgoing.reusedSocket && (error.code === "ECONNRESET" || error.code === "EPIPE");
      if (closedWhileIdle && body === null && SAFE_METHODS.has(method) && !signal.aborted) resolve(callService(url, method, headers, null, signal));
      else reject(error);
    });
    if (body) Readable.fromWeb(body as import("node:stream/web").ReadableStream).on("error", (error) => outgoing.destroy(error)).pipe(outgoing);
    else outgoing.end();
  });
}

/** The service's answer, over HTTP or in process, before the proxy picks what to pass on. */
interface ServiceAnswer {
  status: number;
  statusText: string;
  header(name: string): string | null;
  body(): ReadableStream<Uint8Array> | null;
  /** Lets go of the body (read to its end, or cancelled), for an answer the browser does not get. */
  discard(): void;
}

function answerOverHttp(upstream: http.IncomingMessage): ServiceAnswer {
  const decoded = decoderFor(upstream) !== undefined;
  return {
    status: upstream.statusCode ?? 502,
    statusText: upstream.statusMessage ?? "",
    header: (name) => {
      if (name === "content-length" && decoded) return null;
      const value = upstream.headers[name];
      return Array.isArray(value) ? value.join(", ") : (value ?? null);
    },
    body: () => Readable.toWeb(decodedBody(upstream)) as ReadableStream<Uint8Array>,
    discard: () => upstream.resume(),
  };
}

function answerInProcess(response: Response): ServiceAnswer {
  return {
    status: response.status,
    statusText: response.statusText,
    header: (name) => response.headers.get(name),
    body: () => response.body,
    discard: () => void response.body?.cancel().catch(() => {}),
  };
}

/**
 * `embedded`: the embedded service's routes, called in process instead of over loopback HTTP when
 * the console fronts the embedded service (ESIGN_API_URL not set); see embedded-service.ts.
 */
export async function proxyRequest(request: Request, { embedded }: { embedded?: EmbeddedService } = {}): Promise<Response> {
  const path = upstreamPath(request);
  if (!path) return consoleError(404, "Not Found", "error.notFound.path", "The console forwards only /api/... paths.");
  if (!SAFE_METHODS.has(request.method) && !isSameOriginRequest(request)) {
    return consoleError(403, "Forbidden", "error.forbidden.crossSite", "Changes are accepted only from the console's own pages.");
  }
  const session = await liveProxySession(request);
  const navigation = request.headers.get("sec-fetch-mode") === "navigate";
  if (!session && navigation) return signInAgain(request);
  if (!session) {
    return consoleError(401, "Unauthorized", "error.unauthorised.consoleSession", "Your session has ended. Sign in again.");
  }
  if (session.designerPackageId && !designerMayCall(session.designerPackageId, request.method, path)) {
    return consoleError(403, "Forbidden", "error.forbidden.designerSession", "This session opens one package's designer only.");
  }
  const pageAccount = request.headers.get(CONSOLE_ACCOUNT_HEADER);
  if (pageAccount && session.accountId && pageAccount !== session.accountId) {
    // The console switched account in another tab: this page's calls would act in that account.
    return consoleError(409, "Conflict", ACCOUNT_CHANGED_MESSAGE_KEY, "The console moved to another account in another tab or window. Open this page again to go on there.");
  }

  // One id follows the console's call into the service's log (the browser's own, when it sent one).
  const requestId = requestIdOf(request);
  const headers: Record<string, string> = { authorization: `Basic ${session.apiKey}`, "accept-encoding": "identity", [REQUEST_ID_HEADER]: requestId };
  for (const name of FORWARDED_REQUEST_HEADERS) {
    const value = request.headers.get(name);
    if (value) headers[name] = value;
  }
  const clientIp = request.headers.get("x-forwarded-for");
  if (clientIp) headers["x-forwarded-for"] = clientIp;
  const url = `${esignApiUrl()}${path}`;
  const body = !SAFE_METHODS.has(request.method) && request.body !== null ? request.body : null;

  // As over HTTP, a request the browser gave up on meanwhile does not reach the service.
  if (request.signal.aborted) return new Response(null, { status: 499 });
  // A handler that throws in process fails this request as it would fail the service's own (500).
  const inProcess = embedded && isEmbeddedService() ? await embedded(new Request(url, { method: request.method, headers, body, signal: request.signal, duplex: "half" } as RequestInit)) : null;
  let answer: ServiceAnswer;
  if (inProcess) {
    answer = answerInProcess(inProcess);
    if (request.signal.aborted) {
      answer.discard();
      return new Response(null, { status: 499 });
    }
  } else {
    try {
      answer = answerOverHttp(await callService(new URL(url), request.method, headers, body, request.signal));
    } catch (error) {
      if (request.signal.aborted) return new Response(null, { status: 499 });
      logger().error({ err: error, requestId, method: request.method, service: esignApiUrl() }, "the console's proxy could not reach the e-signature service");
      return consoleError(502, "Bad Gateway", "error.badGateway.serviceUnreachable", "The e-signature service could not be reached. Try again in a moment.");
    }
  }

  if (answer.status === 401 && navigation) {
    // The session's key no longer works (revoked, or the user was removed): as for no session at all.
    answer.discard();
    return signInAgain(request);
  }
  const responseHeaders = new Headers();
  for (const name of FORWARDED_RESPONSE_HEADERS) {
    const value = answer.header(name);
    if (value) responseHeaders.set(name, value);
  }
  declareContentLength(responseHeaders);
  if (request.method === "HEAD" || answer.status === 204 || answer.status === 304) {
    answer.discard();
    return new Response(null, { status: answer.status, statusText: answer.statusText, headers: responseHeaders });
  }
  return new Response(answer.body(), { status: answer.status, statusText: answer.statusText, headers: responseHeaders });
}

/**
 * A download link followed without a working session: the sign-in page, then back to the page the
 * link was on, rather than a file of JSON.
 */
function signInAgain(request: Request): Response {
  const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host");
  const returnTo = refererPath(request.headers.get("referer"), host);
  return new Response(null, { status: 303, headers: { location: signInAgainPath(returnTo) } });
}

const DECODERS: Record<string, () => zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress> = {
  gzip: zlib.createGunzip,
  "x-gzip": zlib.createGunzip,
  deflate: zlib.createInflate,
  br: zlib.createBrotliDecompress,
};

/**
 * The answer's body as plain bytes. A service that compresses although asked not to is decoded
 * here: Next.js drops a route handler's Content-Encoding, so compressed bytes would reach the
 * browser unlabelled.
 */
function decoderFor(upstream: http.IncomingMessage): (() => zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress) | undefined {
  return DECODERS[String(upstream.headers["content-encoding"] ?? "").trim().toLowerCase()];
}

function decodedBody(upstream: http.IncomingMessage): Readable {
  const decoder = decoderFor(upstream);
  if (!decoder) return upstream;
  return pipeline(upstream, decoder(), () => {});
}
