/**
 * `npm run generate:api-routes`: writes lib/api/route-table.generated.ts, the table of the API's
 * route modules, and lib/api/route-patterns.generated.ts, their patterns alone, from the folders
 * of app/ (lib/api/route-table.ts). Run after adding or removing
 * a route file; `next build` and `next dev` run it first.
 */
import fs from "node:fs";
import path from "node:path";
import { ROUTE_PATTERNS_FILE, ROUTE_TABLE_FILE, routePatternsSource, routeTableSource } from "@/lib/api/route-table";

const root = path.join(__dirname, "..");
fs.writeFileSync(path.join(root, ROUTE_TABLE_FILE), routeTableSource(path.join(root, "app")));
fs.writeFileSync(path.join(root, ROUTE_PATTERNS_FILE), routePatternsSource(path.join(root, "app")));
