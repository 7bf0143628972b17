import { API_ROUTE_METHODS, API_ROUTE_PATTERNS } from "@/lib/api/route-patterns.generated";
import { notAnOperation } from "@/lib/api/openapi/operation";
import { ServiceError } from "@/lib/esign/errors";
import { logRequests } from "@/lib/observability/request-log";
import { compileRoutes, matchRoute, type CompiledRoute } from "./route-patterns";
import { errorResponse } from "./responses";

/**
 * The answer to a method a route does not serve. Next.js answers a method a route file does not
 * export with an empty 405 and no Allow header; every API route file ends its exports with
 * `export * from "@/lib/http/method-not-allowed"`, whose handlers its own exports hide, so that the
 * methods it does not export answer the wire's JSON error (405 `error.methodNotAllowed.default`)
 * with an Allow header, and OPTIONS its Allow header. The methods come from the route table
 * (`npm run generate:api-routes`); a unit test keeps every route file re-exporting these.
 */

let routes: CompiledRoute<null>[] | undefined;

/** The methods the route serving `pathname` answers (HEAD with GET, OPTIONS always), or null when no route serves it. */
export function allowedMethods(pathname: string): string[] | null {
  routes ??= compileRoutes(API_ROUTE_PATTERNS.map((pattern) => [pattern, null]));
  const match = matchRoute(routes, pathname);
  if (!match) return null;
  const exported = API_ROUTE_METHODS[match.route.pattern] ?? [];
  return [...new Set([...exported, ...(exported.includes("GET") ? ["HEAD"] : []), "OPTIONS"])].sort();
}

const refuse = notAnOperation(logRequests(async (request: Request) => {
  const { pathname } = new URL(request.url);
  const allowed = allowedMethods(pathname);
  const response = errorResponse(
    new ServiceError(405, "error.methodNotAllowed.default", `${request.method} is not allowed on ${pathname}${allowed ? `; it allows ${allowed.join(", ")}` : ""}.`),
  );
  if (allowed) response.headers.set("allow", allowed.join(", "));
  return response;
}));

export const GET = refuse;
export const POST = refuse;
export const PUT = refuse;
export const PATCH = refuse;
export const DELETE = refuse;

export const OPTIONS = notAnOperation(async (request: Request) => {
  const allowed = allowedMethods(new URL(request.url).pathname);
  return new Response(null, { status: 204, headers: allowed ? { allow: allowed.join(", ") } : {} });
});
