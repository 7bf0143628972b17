import fs from "node:fs";
import path from "node:path";

/**
 * The route table of the API, generated from the folders of app/ (`npm run generate:api-routes`,
 * also run before `next build` and `next dev`): Next.js gives no route table to import, and the
 * OpenAPI document (lib/api/openapi/document.ts) and the console's proxy (which calls the
 * embedded service's handlers in process) both need one. A unit test keeps the committed file
 * equal to what the folders give.
 */
export const ROUTE_TABLE_FILE = "lib/api/route-table.generated.ts";
/** The patterns alone, for the request log: importing them loads no route module. */
export const ROUTE_PATTERNS_FILE = "lib/api/route-patterns.generated.ts";
const API_FOLDERS = ["api", "apitoken", "oauth2"];

/** A route file's exports: its handlers by method name. */
export type RouteModule = Record<string, unknown>;

/** Every route file of the API under appDir, as [its URL pattern (`/api/packages/[packageId]`), its folder under app/], by pattern. */
export function apiRouteFolders(appDir: string): [pattern: string, folder: string][] {
  const found: [string, string][] = [];
  const walk = (segments: string[]) => {
    for (const entry of fs.readdirSync(path.join(appDir, ...segments), { withFileTypes: true })) {
      if (entry.isDirectory()) walk([...segments, entry.name]);
      else if (entry.name === "route.ts") found.push([`/${segments.filter((segment) => !/^\(.*\)$/.test(segment)).join("/")}`, segments.join("/")]);
    }
  };
  for (const folder of API_FOLDERS) walk([folder]);
  return found.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** The source of lib/api/route-table.generated.ts for the route files under appDir. */
export function routeTableSource(appDir: string): string {
  return [
    "// Generated from the folders of app/ by `npm run generate:api-routes` (lib/api/route-table.ts): do not edit.",
    'import type { RouteModule } from "./route-table";',
    "",
    "/** Every route module of the API (app/api, app/apitoken, app/oauth2), by its URL pattern. */",
    "export const API_ROUTES: [pattern: string, load: () => Promise<RouteModule>][] = [",
    ...apiRouteFolders(appDir).map(([pattern, folder]) => `  ["${pattern}", () => import("@/app/${folder}/route")],`),
    "];",
    "",
  ].join("\n");
}

const HTTP_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

/** The methods a route file exports itself (`export const GET = …`), in HTTP_METHODS order. */
export function exportedMethods(source: string): string[] {
  return HTTP_METHODS.filter((method) => new RegExp(`^export (const|let|async function|function) ${method}\\b`, "m").test(source));
}

/** The source of lib/api/route-patterns.generated.ts for the route files under appDir. */
export function routePatternsSource(appDir: string): string {
  const folders = apiRouteFolders(appDir);
  return [
    "// Generated from the folders of app/ by `npm run generate:api-routes` (lib/api/route-table.ts): do not edit.",
    "",
    "/** The URL pattern of every route of the API (app/api, app/apitoken, app/oauth2). */",
    "export const API_ROUTE_PATTERNS: string[] = [",
    ...folders.map(([pattern]) => `  "${pattern}",`),
    "];",
    "",
    "/** The methods each route's file exports (its Allow header: lib/http/method-not-allowed.ts). */",
    "export const API_ROUTE_METHODS: Record<string, string[]> = {",
    ...folders.map(([pattern, folder]) => `  "${pattern}": ${JSON.stringify(exportedMethods(fs.readFileSync(path.join(appDir, folder, "route.ts"), "utf8")))},`),
    "};",
    "",
  ].join("\n");
}
