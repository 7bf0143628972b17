import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import { API_ROUTE_PATTERNS } from "@/lib/api/route-patterns.generated";
import { declareContentLength } from "@/lib/http/content-length";
import { compileRoutes, matchRoute, type CompiledRoute } from "@/lib/http/route-patterns";
import { logger, type Logger } from "./logger";

/**
 * Request ids and the one log line per API request. Each request gets an id (the caller's own
 * `X-Request-Id` when it is a plain token, else a new one), answered in the `X-Request-Id` header
 * and carried by every log line written while it is answered, the jobs it queues included, so one
 * id follows a console action from the proxy into the API's and the jobs' lines.
 */
export const REQUEST_ID_HEADER = "x-request-id";

/** Letters, digits and `._:-`, up to 128: anything else (or nothing) gets a new id. */
const PLAIN_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestIdOf(request: Request): string {
  const given = request.headers.get(REQUEST_ID_HEADER)?.trim();
  return given && PLAIN_REQUEST_ID.test(given) ? given : randomUUID();
}

interface RequestScope {
  requestId: string;
  log: Logger;
  /** The caller's account, once authenticated. */
  accountId?: string;
}

const scopes = new AsyncLocalStorage<RequestScope>();

/** The id of the request being answered, if this runs inside one. */
export function currentRequestId(): string | undefined {
  return scopes.getStore()?.requestId;
}

/** The log of the request being answered (its lines carry the request id), else the server's. */
export function requestLog(): Logger {
  return scopes.getStore()?.log ?? logger();
}

/**
 * Runs `work` as part of request `requestId` (a job it queued): its log lines, and the jobs it
 * queues in turn, carry that id.
 */
export function withinRequest<T>(requestId: string, log: Logger, work: () => Promise<T>): Promise<T> {
  return scopes.run({ requestId, log }, work);
}

/** Names the caller's account in the request's log line. */
export function noteAccount(accountId: string): void {
  const scope = scopes.getStore();
  if (scope) scope.accountId = accountId;
}

type RouteHandler<C> = (request: Request, context: C) => Promise<Response>;

/** nginx's status for a request its client gave up on before the answer: no answer reaches anyone. */
export const CLIENT_CLOSED_REQUEST = 499;

/** Whether the client went away (an aborted upload, a closed connection): Next.js aborts the request's signal then. */
export function clientClosed(request: Request): boolean {
  return request.signal.aborted;
}

let routes: CompiledRoute<null>[] | undefined;

/**
 * The route's pattern rather than its path (`/api/packages/[packageId]`), found in the generated
 * route table as Next.js routes the path, so no token of a path (a signer's copy link, say)
 * reaches the log. A path only Next.js judges (an encoded segment that changes the match) is
 * logged as its first segment.
 */
export function routeOf(pathname: string): string {
  routes ??= compileRoutes(API_ROUTE_PATTERNS.map((pattern) => [pattern, null]));
  return matchRoute(routes, pathname)?.route.pattern ?? `/${pathname.split("/")[1] ?? ""}/…`;
}

/**
 * The answer with its X-Request-Id, and its Content-Length carried past Next.js
 * (lib/http/content-length.ts); a Response with immutable headers is copied.
 */
function withRequestId(response: Response, requestId: string): Response {
  const complete = (headers: Headers) => {
    headers.set(REQUEST_ID_HEADER, requestId);
    declareContentLength(headers);
  };
  try {
    complete(response.headers);
    return response;
  } catch {
    const headers = new Headers(response.headers);
    complete(headers);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
}

/**
 * A HEAD answer (Next.js runs GET for it) lets go of the body it will not send: a download's open
 * file is closed now, not when garbage collection finds it.
 */
function withoutBody(response: Response): Response {
  if (!response.body) return response;
  response.body.cancel().catch(() => {});
  return new Response(null, { status: response.status, statusText: response.statusText, headers: response.headers });
}

/**
 * Wraps a route handler: it runs in the request's scope, its answer gets the X-Request-Id header,
 * and one line is logged when it is answered (method, route pattern, status, duration, account);
 * never a body, a header or a query string. `level`: of the line of a successful answer (health
 * checks, asked every few seconds by load balancers, log at debug). A request whose client went
 * away meanwhile is logged as 499 "client closed request" at info, whatever the handler made of
 * it: it is no server error.
 */
export function logRequests<C>(
  handler: RouteHandler<C>,
  { level = "info" }: { level?: "info" | "debug" } = {},
): RouteHandler<C> {
  return async (request, context) => {
    const started = performance.now();
    const requestId = requestIdOf(request);
    const scope: RequestScope = { requestId, log: logger().child({ requestId }) };
    let status = 500;
    try {
      const response = await scopes.run(scope, () => handler(request, context));
      status = response.status;
      return withRequestId(request.method === "HEAD" ? withoutBody(response) : response, requestId);
    } finally {
      if (clientClosed(request)) status = CLIENT_CLOSED_REQUEST;
      const line = {
        method: request.method,
        route: routeOf(new URL(request.url).pathname),
        status,
        ms: Math.round(performance.now() - started),
        accountId: scope.accountId,
      };
      if (status === CLIENT_CLOSED_REQUEST) scope.log.info(line, "client closed request");
      else if (status >= 500) scope.log.error(line, "request answered");
      else scope.log[level](line, "request answered");
    }
  };
}
