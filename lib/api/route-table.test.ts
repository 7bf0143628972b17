import fs from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { EMBEDDED_API_ROUTES } from "@/app/proxy/[...path]/embedded-api-routes";
import { API_ROUTES } from "./route-table.generated";
import { apiRouteFolders, ROUTE_PATTERNS_FILE, ROUTE_TABLE_FILE, routePatternsSource, routeTableSource } from "./route-table";

const appDir = path.join(process.cwd(), "app");

it("the committed route table is what the folders of app/ give (else run `npm run generate:api-routes`)", () => {
  expect(fs.readFileSync(path.join(process.cwd(), ROUTE_TABLE_FILE), "utf8")).toBe(routeTableSource(appDir));
  expect(fs.readFileSync(path.join(process.cwd(), ROUTE_PATTERNS_FILE), "utf8")).toBe(routePatternsSource(appDir));
});

it("the route table loads each route file of the API for its own path", async () => {
  const folders = new Map(apiRouteFolders(appDir));
  expect(API_ROUTES.map(([pattern]) => pattern)).toEqual([...folders.keys()]);
  for (const [pattern, load] of API_ROUTES) expect(await load(), pattern).toBe(await import(/* @vite-ignore */ path.join(appDir, folders.get(pattern)!, "route.ts")));
});

it("the console's proxy calls in process exactly the routes of app/api", () => {
  const apiPatterns = apiRouteFolders(appDir)
    .map(([pattern]) => pattern)
    .filter((pattern) => pattern.startsWith("/api/"));
  expect(EMBEDDED_API_ROUTES.map(([pattern]) => pattern)).toEqual(apiPatterns);
  expect(apiPatterns.length).toBeGreaterThan(100);
});

it("every route file of the API answers the methods it does not serve with the JSON 405 (it re-exports lib/http/method-not-allowed)", () => {
  const missing = apiRouteFolders(appDir)
    .filter(([pattern]) => !pattern.includes("[..."))
    .filter(([, folder]) => !fs.readFileSync(path.join(appDir, folder, "route.ts"), "utf8").includes('export * from "@/lib/http/method-not-allowed";'))
    .map(([pattern]) => pattern);
  expect(missing).toEqual([]);
});
