import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { allOperations } from "@/lib/api/openapi/document";
import { getDb } from "@/lib/db/client";
import { accountRoles, userAccountRoles } from "@/lib/db/schema";
import { newId } from "@/lib/esign/ids";
import { ALL_PERMISSIONS, type Permission } from "@/lib/esign/permissions";
import { call, callJson } from "../support/api-client";
import { seedAccount, seedSender, type SeededAccount } from "../support/seed";

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
const operations = await allOperations();

/** Every (method, path) the route files serve, with paths written as OpenAPI writes them. */
function servedOperations(): string[] {
  const served: string[] = [];
  const walk = (dir: string, segments: string[]) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(path.join(dir, entry.name), [...segments, entry.name]);
      else if (entry.name === "route.ts") {
        if (segments.some((segment) => segment.startsWith("[..."))) continue; // the JSON 404 for unknown paths
        const source = fs.readFileSync(path.join(dir, entry.name), "utf8");
        const openApiPath = "/" + segments.filter((s) => !/^\(.*\)$/.test(s)).map((s) => s.replace(/^\[(.+)\]$/, "{$1}")).join("/");
        for (const method of METHODS) {
          if (new RegExp(`export (const|async function|function) ${method}\\b`).test(source)) served.push(`${method.toLowerCase()} ${openApiPath}`);
        }
      }
    }
  };
  for (const root of ["api", "apitoken", "oauth2"]) {
    const dir = path.join(process.cwd(), "app", root);
    if (fs.existsSync(dir)) walk(dir, [root]);
  }
  return served.sort();
}

describe("the OpenAPI document", () => {
  it("describes exactly the routes that exist", () => {
    const described = operations.map((operation) => `${operation.method} ${operation.path}`).sort();
    expect(new Set(described).size, "an operation is described twice").toBe(described.length);
    expect(described).toEqual(servedOperations());
  });

  it("has each route's contract declare exactly its folder's dynamic segments as params", () => {
    const mismatched = operations
      .filter((operation) => [...(operation.params ?? [])].sort().join(",") !== [...operation.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort().join(","))
      .map((operation) => `${operation.method} ${operation.path}: params ${JSON.stringify(operation.params ?? [])}`);
    expect(mismatched).toEqual([]);
  });

  it("is served at /api/openapi.json as OpenAPI 3.1 without a credential", async () => {
    const document = await callJson<{ openapi: string; paths: Record<string, Record<string, { responses: Record<string, unknown> }>> }>(
      "GET",
      "/api/openapi.json",
    );
    expect(document.openapi).toBe("3.1.0");
    expect(document.paths["/api/packages"].post.responses["200"]).toBeDefined();
    expect(document.paths["/api/packages/{packageId}/roles"].get).toBeDefined();
  });
});

/** Gives the sender exactly these permissions, through one custom role that replaces their others. */
async function grant(sender: SeededAccount, permissions: readonly Permission[]): Promise<void> {
  const db = await getDb();
  const roleId = newId(9);
  await db.delete(userAccountRoles).where(eq(userAccountRoles.userId, sender.userId));
  await db.insert(accountRoles).values({ id: roleId, accountId: sender.accountId, name: `Only ${roleId}`, permissions: [...permissions] });
  await db.insert(userAccountRoles).values({ accountId: sender.accountId, userId: sender.userId, roleId });
}

function concretePath(template: string, caller: SeededAccount): string {
  return template.replace(/\{(\w+)\}/g, (_match, name: string) => (name === "accountId" ? caller.accountId : `unknown-${name}`));
}

describe("the permission matrix: every guarded operation, with and without its permission", () => {
  const guarded = operations.filter((operation): operation is typeof operation & { permission: Permission } =>
    typeof operation.permission === "string" && operation.permission !== "public",
  );

  it.each(guarded.map((operation) => [`${operation.method.toUpperCase()} ${operation.path}`, operation] as const))(
    "%s",
    async (_label, operation) => {
      const account = await seedAccount();
      const without = await seedSender(account);
      const withIt = await seedSender(account);
      await grant(without, ALL_PERMISSIONS.filter((permission) => permission !== operation.permission));
      await grant(withIt, [operation.permission]);
      const method = operation.method.toUpperCase();
      const json = method === "GET" || method === "DELETE" ? undefined : {};

      const refused = await call(method, concretePath(operation.path, without), { key: without.apiKey, json });
      expect(refused.status).toBe(403);
      expect(await refused.json()).toMatchObject({ messageKey: "error.forbidden.noPermission" });

      const allowed = await call(method, concretePath(operation.path, withIt), { key: withIt.apiKey, json });
      const body = await allowed.text();
      expect(allowed.status, body).not.toBe(403);
      expect(allowed.status, body).toBeLessThan(500);
    },
  );
});
