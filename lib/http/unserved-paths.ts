import { ORIGINAL_API_PATHS } from "@/lib/api/original-paths.generated";
import { API_ROUTE_PATTERNS } from "@/lib/api/route-patterns.generated";
import { notFound } from "@/lib/esign/errors";
import { compileRoutes, matchRoute, type CompiledRoute } from "./route-patterns";

/**
 * Paths of the original service that a dynamic route of ours would take for an id: its
 * `/api/packages/{packageId}/documents/signed_documents` reaches our
 * `/api/packages/[packageId]/documents/[documentId]` as the document "signed_documents", which
 * answered a misleading 409 (and `documents/visibility` "Document visibility was not found").
 * The original routes a static name before an id, so such a path is one of its own resources that
 * Signet does not serve: it answers 404 `error.notFound.path`, as a path no route folder matches
 * (app/api/[...path]). Once Signet serves one (a route folder with that static name), Next.js
 * routes the path there and this no longer sees it. The original's paths are generated from its
 * OpenAPI document (scripts/extract-original-paths.mjs); ours from app/ (`npm run generate:api-routes`).
 */

type Segments = CompiledRoute<null>["segments"];

interface Table {
  routes: CompiledRoute<null>[];
  /** For each of our routes with a dynamic segment, the original's paths that name a static one there. */
  shadowing: Map<string, Segments[]>;
}

let table: Table | undefined;

/**
 * Whether a path matching both would be the original's `original` where we route it to `route`:
 * the original tries a static name before an id at each segment, left to right, so at the first
 * segment where the two differ in kind, `original` has the static name and `route` the id.
 */
function shadows(original: Segments, route: Segments): boolean {
  if (original.length !== route.length || route.some((segment) => segment.kind === "catchAll")) return false;
  for (let i = 0; i < route.length; i++) {
    const ours = route[i]!;
    const theirs = original[i]!;
    if (ours.kind === "static" && theirs.kind === "static") {
      if (ours.name !== theirs.name) return false;
    } else if (ours.kind !== theirs.kind) {
      return theirs.kind === "static";
    }
  }
  return false;
}

function tableOf(): Table {
  if (table) return table;
  const routes = compileRoutes(API_ROUTE_PATTERNS.map((pattern) => [pattern, null]));
  const originals = compileRoutes(ORIGINAL_API_PATHS.map((pattern) => [pattern, null])).map((route) => route.segments);
  const shadowing = new Map<string, Segments[]>();
  for (const route of routes) {
    const found = originals.filter((original) => shadows(original, route.segments));
    if (found.length > 0) shadowing.set(route.pattern, found);
  }
  return (table = { routes, shadowing });
}

/** The segments of `original` that are static all equal the path's (decoded) segments there. */
function matches(original: Segments, values: string[]): boolean {
  return original.every((segment, i) => segment.kind !== "static" || segment.name === values[i]);
}

/**
 * Refuses, with the 404 of an unknown path, a request to one of the original's paths that reached
 * a route of ours only through a dynamic segment taking its static name. `params` are those the
 * route got: a route serving the original's path itself (a static segment there) got none for that
 * segment, so it is never refused, even before the route table is generated again.
 */
export function assertServedPath(request: Request, params: Record<string, unknown>): void {
  const { pathname } = new URL(request.url);
  const { routes, shadowing } = tableOf();
  const match = matchRoute(routes, pathname);
  const candidates = match && shadowing.get(match.route.pattern);
  if (!candidates) return;
  const values = pathname.replace(/^\//, "").replace(/\/$/, "").split("/").map((part) => decodeURIComponent(part));
  const segments = match.route.segments;
  const takenAsId = (original: Segments) =>
    matches(original, values) &&
    original.some((segment, i) => {
      const ours = segments[i]!;
      return segment.kind === "static" && ours.kind === "dynamic" && params[ours.param] === segment.name;
    });
  if (candidates.some(takenAsId)) throw notFound("error.notFound.path", `${request.method} ${pathname} is not part of the API.`);
}
