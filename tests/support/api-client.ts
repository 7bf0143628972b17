import fs from "node:fs";
import path from "node:path";

/**
 * Calls the real route handlers of app/api (and of app/apitoken, the token exchange at the host
 * root, and app/access, where signing links lead) in process, routed the way Next.js routes the
 * app directory: a folder is a path segment, `[name]` a dynamic one, static segments win over dynamic.
 */
interface RouteFile {
  pattern: RegExp;
  paramNames: string[];
  file: string;
  staticSegments: number;
  catchAll: boolean;
}

const appDir = path.join(process.cwd(), "app");

function collectRoutes(dir: string, segments: string[], out: RouteFile[]) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) collectRoutes(path.join(dir, entry.name), [...segments, entry.name], out);
    else if (entry.name === "route.ts") {
      const visible = segments.filter((segment) => !/^\(.*\)$/.test(segment));
      const paramNames: string[] = [];
      const source = visible
        .map((segment) => {
          const catchAll = /^\[\.\.\.(.+)\]$/.exec(segment);
          if (catchAll) {
            paramNames.push(`...${catchAll[1]}`);
            return "(.+?)";
          }
          const dynamic = /^\[(.+)\]$/.exec(segment);
          if (!dynamic) return segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
          paramNames.push(dynamic[1]);
          return "([^/]+)";
        })
        .join("/");
      out.push({
        pattern: new RegExp(`^/${source}/?$`),
        paramNames,
        file: path.join(dir, entry.name),
        staticSegments: visible.filter((segment) => !segment.startsWith("[")).length,
        catchAll: visible.some((segment) => segment.startsWith("[...")),
      });
    }
  }
}

const routes: RouteFile[] = [];
collectRoutes(path.join(appDir, "api"), ["api"], routes);
collectRoutes(path.join(appDir, "apitoken"), ["apitoken"], routes);
// The entry into the signing ceremony, at the host root: GET /access?sessionToken=...
collectRoutes(path.join(appDir, "access"), ["access"], routes);
// Next.js: static segments before dynamic ones, catch-all routes last.
routes.sort((a, b) => Number(a.catchAll) - Number(b.catchAll) || b.staticSegments - a.staticSegments);

export interface CallOptions {
  key?: string;
  json?: unknown;
  body?: BodyInit;
  headers?: Record<string, string>;
}

export async function call(method: string, pathAndQuery: string, options: CallOptions = {}): Promise<Response> {
  const url = new URL(pathAndQuery, "http://signet.test");
  const route = routes.find((candidate) => candidate.pattern.test(url.pathname));
  if (!route) throw new Error(`No route file serves ${url.pathname}`);
  const values = route.pattern.exec(url.pathname)!.slice(1);
  // A catch-all parameter (`...name`) is the list of the segments it matched.
  const params = Object.fromEntries(
    route.paramNames.map((name, i) =>
      name.startsWith("...") ? [name.slice(3), values[i].split("/").map(decodeURIComponent)] : [name, decodeURIComponent(values[i])],
    ),
  );
  const routeModule = (await import(/* @vite-ignore */ route.file)) as Record<string, unknown>;
  const handler = routeModule[method] as ((request: Request, context: { params: Promise<unknown> }) => Promise<Response>) | undefined;
  if (!handler) return new Response(null, { status: 405 });

  const headers: Record<string, string> = { accept: "application/json", "x-forwarded-for": "127.0.0.1", ...options.headers };
  if (options.key) headers.authorization = `Basic ${options.key}`;
  let body = options.body;
  if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers["content-type"] ??= "application/json";
  }
  const request = new Request(url, { method, headers, body, duplex: "half" } as RequestInit);
  return handler(request, { params: Promise.resolve(params) });
}

/** Calls and parses the JSON answer, failing loudly when the status is not the expected one. */
export async function callJson<T = Record<string, unknown>>(
  method: string,
  pathAndQuery: string,
  options: CallOptions & { expect?: number } = {},
): Promise<T> {
  const response = await call(method, pathAndQuery, options);
  const text = await response.text();
  const expected = options.expect ?? 200;
  if (response.status !== expected) {
    throw new Error(`${method} ${pathAndQuery} answered ${response.status}, expected ${expected}: ${text}`);
  }
  return (text ? JSON.parse(text) : undefined) as T;
}
