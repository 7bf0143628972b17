import path from "node:path";
import { expect, it } from "vitest";
import { EMBEDDED_API_ROUTES } from "@/app/proxy/[...path]/embedded-api-routes";
import { routeFiles } from "@/tests/support/api-client";

it("the proxy's table of the embedded service's routes loads exactly the route files of app/api, each for its own path", async () => {
  const files = new Map(routeFiles(path.join(process.cwd(), "app", "api")));
  expect(EMBEDDED_API_ROUTES.map(([pattern]) => pattern).sort()).toEqual([...files.keys()].sort());
  for (const [pattern, load] of EMBEDDED_API_ROUTES) expect(await load(), pattern).toBe(await import(/* @vite-ignore */ files.get(pattern)!));
});
