import path from "node:path";
import { describe, expect, it } from "vitest";
import { ORIGINAL_API_PATHS } from "@/lib/api/original-paths.generated";
import { compileRoutes, matchRoute } from "@/lib/http/route-patterns";
import { call, callJson, routeFiles } from "../support/api-client";
import { createPackageWithFiles, packagePayload } from "../support/packages";
import { seedAccount, seedSender } from "../support/seed";

/**
 * The original's own sub-resources (its OpenAPI document's static path segments) are no ids: a path
 * of the original that Signet does not serve answers 404 error.notFound.path, as any unknown path,
 * even where one of our routes has an id at that segment (documents/signed_documents is no
 * documentId). Ids, including the ones clients choose, still reach their routes.
 */

const routes = compileRoutes(routeFiles(path.join(process.cwd(), "app", "api")));
const ID = "id-1";

/** The original's path with an id for each parameter. */
const concrete = (pattern: string) => pattern.replace(/\[[^\]]+\]/g, ID);

/**
 * The original's paths whose static names our routes would take as ids: the route serving the path
 * has a parameter whose value is one of the original's static segments, at that same segment.
 */
const takenAsIds = ORIGINAL_API_PATHS.filter((pattern) => {
  const url = concrete(pattern);
  const match = matchRoute(routes, url);
  if (!match || match.route.pattern.includes("[...")) return false;
  const originalSegments = pattern.split("/");
  const ourSegments = match.route.pattern.split("/");
  return originalSegments.some((segment, i) => !segment.startsWith("[") && /^\[[^.]/.test(ourSegments[i] ?? ""));
});

describe("the original's paths Signet does not serve", () => {
  it("include signDocument's signConfirm (signed_documents and visibility are served since issue 33)", () => {
    expect(takenAsIds).toContain("/api/packages/[packageId]/documents/signConfirm");
    expect(takenAsIds).not.toContain("/api/packages/[packageId]/documents/signed_documents");
  });

  it.each(takenAsIds.flatMap((pattern) => ["GET", "POST", "PUT", "DELETE"].map((method) => [method, concrete(pattern)] as const)))(
    "%s %s answers 404 error.notFound.path, with or without a key",
    async (method, url) => {
      const account = await seedAccountOnce();
      for (const key of [account.apiKey, undefined]) {
        const response = await call(method, url, { key, json: method === "GET" || method === "DELETE" ? undefined : {} });
        const body = await response.json();
        expect(response.status, `${method} ${url}`).toBe(404);
        expect(body).toEqual({ code: 404, name: "Not Found", messageKey: "error.notFound.path", message: `${method} ${url} is not part of the API.` });
      }
    },
  );

  it("every other path of the original reaches the route that serves it, or the catch-all's 404", async () => {
    const account = await seedAccountOnce();
    for (const pattern of ORIGINAL_API_PATHS.filter((candidate) => !takenAsIds.includes(candidate) && candidate.startsWith("/api/"))) {
      const response = await call("GET", concrete(pattern), { key: account.apiKey });
      const body = response.status === 404 ? ((await response.json()) as { messageKey: string }) : null;
      const served = matchRoute(routes, concrete(pattern))!.route.pattern !== "/api/[...path]";
      // A served path may answer 404 for the missing id, never as an unknown path.
      if (served && body) expect(body.messageKey, pattern).not.toBe("error.notFound.path");
      if (!served) expect(body?.messageKey, pattern).toBe("error.notFound.path");
    }
  });
});

describe("ids still reach their routes", () => {
  it("default-consent, document ids clients choose, and ids that look like the original's names elsewhere", async () => {
    const account = await seedAccountOnce();
    const payload = packagePayload({ documents: ["Agreement", "Annex"] });
    payload.documents[0].id = "contract-2026";
    payload.documents[1].id = "summary";
    const packageId = await createPackageWithFiles(account.apiKey, payload);
    for (const documentId of ["default-consent", "contract-2026", "summary"]) {
      expect(await callJson("GET", `/api/packages/${packageId}/documents/${documentId}`, { key: account.apiKey })).toMatchObject({ id: documentId });
    }
    const missing = await call("GET", `/api/packages/${packageId}/documents/no-such-document`, { key: account.apiKey });
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { messageKey: string }).messageKey).not.toBe("error.notFound.path");
    const sender = await seedSender(account);
    expect(await callJson("GET", `/api/account/senders/${sender.userId}`, { key: account.apiKey })).toMatchObject({ id: sender.userId });
    const group = await callJson<{ id: string }>("POST", "/api/groups", { key: account.apiKey, json: { name: "Team", email: "team@example.test", members: [] } });
    expect(await callJson("GET", `/api/groups/${group.id}`, { key: account.apiKey })).toMatchObject({ id: group.id });
  });
});

let seeded: Promise<Awaited<ReturnType<typeof seedAccount>>> | undefined;
function seedAccountOnce() {
  return (seeded ??= seedAccount());
}

describe("a method a route does not serve", () => {
  it("answers 405 with the JSON error and an Allow header; OPTIONS answers the Allow header", async () => {
    const account = await seedAccountOnce();
    const cases: [string, string, string][] = [
      ["DELETE", "/api/callback/test", "OPTIONS, POST"],
      ["PATCH", "/api/callback/connectors/dynamics2013", "DELETE, GET, HEAD, OPTIONS, POST, PUT"],
      ["PUT", "/api/groups/summary", "GET, HEAD, OPTIONS"],
      ["POST", "/api/sysinfo", "GET, HEAD, OPTIONS"],
    ];
    for (const [method, url, allow] of cases) {
      for (const key of [account.apiKey, undefined]) {
        const response = await call(method, url, { key });
        expect(response.status, `${method} ${url}`).toBe(405);
        expect(response.headers.get("allow")).toBe(allow);
        expect(await response.json()).toEqual({
          code: 405,
          name: "Method Not Allowed",
          messageKey: "error.methodNotAllowed.default",
          message: `${method} is not allowed on ${url}; it allows ${allow}.`,
        });
      }
      const options = await call("OPTIONS", url);
      expect(options.status).toBe(204);
      expect(options.headers.get("allow")).toBe(allow);
    }
  });
});
