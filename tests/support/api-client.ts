import fs from "node:fs";
import path from "node:path";
import { compileRoutes, matchRoute } from "@/lib/http/route-patterns";

/**
 * Calls the real route handlers of app/api (and of app/apitoken, the token exchange at the host
 * root, and app/access, where signing links lead) in process, routed the way Next.js routes the
 * app directory (lib/http/route-patterns.ts).
 */
const appDir = path.join(process.cwd(), "app");

/** Every route file under `dir`, as [its URL pattern, its file]: `/api/packages/[packageId]`. */
export function routeFiles(dir: string, segments: string[] = [path.basename(dir)]): [pattern: string, file: string][] {
  const found: [string, string][] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) found.push(...routeFiles(path.join(dir, entry.name), [...segments, entry.name]));
    else if (entry.name === "route.ts") found.push([`/${segments.filter((segment) => !/^\(.*\)$/.test(segment)).join("/")}`, path.join(dir, entry.name)]);
  }
  return found;
}

// The entry into the signing ceremony is at the host root: GET /access?sessionToken=..., and GET /auth?signerAuthenticationToken=... as the SDKs build it.
const routes = compileRoutes(["api", "apitoken", "access", "auth", "oauth2"].flatMap((folder) => routeFiles(path.join(appDir, folder))));

export interface CallOptions {
  key?: string;
  json?: unknown;
  body?: BodyInit;
  headers?: Record<string, string>;
}

export async function call(method: string, pathAndQuery: string, options: CallOptions = {}): Promise<Response> {
  const url = new URL(pathAndQuery, "http://signet.test");
  const match = matchRoute(routes, url.pathname);
  if (!match) throw new Error(`No route file serves ${url.pathname}`);
  const { route, params } = match;
  const routeModule = (await import(/* @vite-ignore */ route.target)) as Record<string, unknown>;
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
  // As Next.js does: a route without dynamic segments gets no params at all.
  const context = Object.keys(params).length > 0 ? { params: Promise.resolve(params) } : ({} as { params: Promise<unknown> });
  return handler(request, context);
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
