/**
 * Next.js's routing of the app directory, for the callers that hand a request to a route handler
 * in process (the console's proxy to the embedded service, the API tests): a folder is a path
 * segment, `[name]` a dynamic one, `[...name]` a catch-all; at each segment a static name wins over
 * a dynamic one, which wins over a catch-all. Parameters are decoded, as Next.js hands them.
 */

type Segment = { kind: "static"; name: string } | { kind: "dynamic"; param: string } | { kind: "catchAll"; param: string };

export interface CompiledRoute<T> {
  /** As written: `/api/packages/[packageId]`. */
  pattern: string;
  segments: Segment[];
  target: T;
}

export type RouteParams = Record<string, string | string[]>;

const RANK = { static: 0, dynamic: 1, catchAll: 2 } as const;

function segmentOf(part: string): Segment {
  const catchAll = /^\[\.\.\.(.+)\]$/.exec(part);
  if (catchAll) return { kind: "catchAll", param: catchAll[1]! };
  const dynamic = /^\[(.+)\]$/.exec(part);
  if (dynamic) return { kind: "dynamic", param: dynamic[1]! };
  return { kind: "static", name: part };
}

function byPrecedence<T>(a: CompiledRoute<T>, b: CompiledRoute<T>): number {
  for (let i = 0; i < Math.min(a.segments.length, b.segments.length); i++) {
    const difference = RANK[a.segments[i]!.kind] - RANK[b.segments[i]!.kind];
    if (difference !== 0) return difference;
  }
  return a.segments.length - b.segments.length;
}

/** The routes in the order Next.js tries them. */
export function compileRoutes<T>(routes: [pattern: string, target: T][]): CompiledRoute<T>[] {
  return routes
    .map(([pattern, target]) => ({ pattern, target, segments: pattern.split("/").filter(Boolean).map(segmentOf) }))
    .sort(byPrecedence);
}

function decoded(part: string): string | null {
  try {
    return decodeURIComponent(part);
  } catch {
    return null;
  }
}

/** `parts` are the path's segments as written, `values` the same decoded. */
function paramsOf(segments: Segment[], parts: string[], values: string[]): RouteParams | null {
  const params: RouteParams = {};
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]!;
    if (i >= parts.length) return null;
    if (segment.kind === "catchAll") {
      params[segment.param] = values.slice(i);
      return params;
    }
    if (segment.kind === "static") {
      if (parts[i] !== segment.name) return null;
    } else {
      params[segment.param] = values[i]!;
    }
  }
  return parts.length === segments.length ? params : null;
}

function firstMatch<T>(routes: CompiledRoute<T>[], parts: string[], values: string[]): { route: CompiledRoute<T>; params: RouteParams } | null {
  for (const route of routes) {
    const params = paramsOf(route.segments, parts, values);
    if (params) return { route, params };
  }
  return null;
}

/**
 * The route that serves `pathname` (one trailing slash allowed, as the service answers
 * `/roles/` too) and its parameters; null when none does, or when only Next.js itself should
 * judge the path: an empty or undecodable segment, or an encoded one that lands on a catch-all or
 * would name another route once decoded (`next start` also tries the decoded path against its
 * static routes: `/api/pack%61ges` is `/api/packages` there).
 */
export function matchRoute<T>(routes: CompiledRoute<T>[], pathname: string): { route: CompiledRoute<T>; params: RouteParams } | null {
  const parts = pathname.replace(/^\//, "").replace(/\/$/, "").split("/");
  const values = parts.map(decoded);
  if (parts.some((part) => part === "") || values.some((value) => value === null)) return null;
  const match = firstMatch(routes, parts, values as string[]);
  if (!match || values.every((value, i) => value === parts[i])) return match;
  if (match.route.segments.some((segment) => segment.kind === "catchAll")) return null;
  return firstMatch(routes, values as string[], values as string[])?.route === match.route ? match : null;
}
