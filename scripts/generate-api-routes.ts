/**
 * `npm run generate:api-routes`: writes lib/api/route-table.generated.ts, the table of the API's
 * route modules, from the folders of app/ (lib/api/route-table.ts). Run after adding or removing
 * a route file; `next build` and `next dev` run it first.
 */
import fs from "node:fs";
import path from "node:path";
import { ROUTE_TABLE_FILE, routeTableSource } from "@/lib/api/route-table";

const root = path.join(__dirname, "..");
fs.writeFileSync(path.join(root, ROUTE_TABLE_FILE), routeTableSource(path.join(root, "app")));
