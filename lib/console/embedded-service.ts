import { compileRoutes, matchRoute, type RouteParams } from "@/lib/http/route-patterns";

/**
 * The console's proxy in front of the embedded service (ESIGN_API_URL not set: the console and the
 * service are one application). Instead of a second HTTP request to this same server on loopback,
 * which cost the proxy about a quarter of the time of the call it forwards, the proxy hands the
 * request to the API's route handler in process. The handler gets the Request it would get over
 * HTTP (the service's URL, method, the proxy's headers, the streamed body) and its answer goes
 * back the same way, so the browser sees the same thing. What Next.js itself answers (HEAD; a
 * path with an empty or undecodable segment) still goes over HTTP; a method the route does not
 * serve is its own JSON 405 (lib/http/method-not-allowed.ts), answered here as over HTTP.
 */
export type EmbeddedRouteModule = Record<string, unknown>;

type RouteHandler = (request: Request, context: { params: Promise<RouteParams> }) => Response | Promise<Response>;

/** Answers a request to the service in process, or null when it must go over HTTP. */
export type EmbeddedService = (request: Request) => Promise<Response | null>;

export function embeddedService(routes: [pattern: string, load: () => Promise<EmbeddedRouteModule>][]): EmbeddedService {
  const compiled = compileRoutes(routes);
  return async (request) => {
    const match = matchRoute(compiled, new URL(request.url).pathname);
    if (!match) return null;
    const handler = (await match.route.target())[request.method];
    if (typeof handler !== "function") return null;
    const response = await (handler as RouteHandler)(request, { params: Promise.resolve(match.params) });
    // Next.js answers 500 for a handler that returns no Response; so does this (through the proxy's route).
    if (!(response instanceof Response)) throw new Error(`${request.method} ${match.route.pattern} returned no Response`);
    return response;
  };
}
