import http from "node:http";
import type { AddressInfo } from "node:net";
import { encode } from "next-auth/jwt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EMBEDDED_API_ROUTES } from "@/app/proxy/[...path]/embedded-api-routes";
import { openConsoleSession } from "@/lib/console/console-sessions";
import { embeddedService } from "@/lib/console/embedded-service";
import { proxyRequest } from "@/lib/console/proxy";
import { logTo } from "@/lib/observability/logger";
import { call, callJson } from "../support/api-client";
import { createPackageWithFiles, packagePayload } from "../support/packages";
import { makePdf, multipartBody } from "../support/pdfs";
import { seedAccount, type SeededAccount } from "../support/seed";

/**
 * The console's proxy in front of the embedded service (no ESIGN_API_URL): requests go to the
 * API's route handlers in process, and the browser gets what the service answers directly. A
 * method no route exports goes over HTTP to this same server (here a loopback server at PORT
 * that records what reaches it).
 */

const SECRET = "embedded-proxy-test-secret-0123456789";
const COOKIE = "authjs.session-token";
const embedded = embeddedService(EMBEDDED_API_ROUTES);

let owner: SeededAccount;
let sameServer: http.Server;
const overHttp: string[] = [];
const saved = { AUTH_SECRET: process.env.AUTH_SECRET, ESIGN_API_URL: process.env.ESIGN_API_URL, PORT: process.env.PORT };

beforeAll(async () => {
  process.env.AUTH_SECRET = SECRET;
  delete process.env.ESIGN_API_URL;
  sameServer = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      overHttp.push(`${request.method} ${request.url} ${request.headers.authorization} ${body}`);
      response.writeHead(405, { "content-type": "application/json", allow: "GET" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => sameServer.listen(0, "127.0.0.1", resolve));
  process.env.PORT = String((sameServer.address() as AddressInfo).port);
  owner = await seedAccount("Embedded proxy");
});

afterAll(async () => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  await new Promise((resolve) => sameServer.close(resolve));
});

async function throughProxy(path: string, init: { method?: string; body?: BodyInit; headers?: Record<string, string>; apiKey?: string } = {}): Promise<Response> {
  const sessionId = await openConsoleSession(owner.userId);
  const token = await encode({ token: { apiKey: init.apiKey ?? owner.apiKey, sub: owner.userId, accountId: owner.accountId, sessionId }, secret: SECRET, salt: COOKIE, maxAge: 600 });
  const headers = { host: "console.test", cookie: `${COOKIE}=${token}`, "sec-fetch-site": "same-origin", ...init.headers };
  const request = new Request(`http://console.test/proxy${path}`, { method: init.method ?? "GET", body: init.body, headers, duplex: "half" } as RequestInit);
  return proxyRequest(request, { embedded });
}

describe("the console's proxy in front of the embedded service", () => {
  it("answers a list exactly as the service answers it directly", async () => {
    await createPackageWithFiles(owner.apiKey, packagePayload({ name: "Listed through the proxy" }));
    const proxied = await throughProxy("/api/packages?from=1&to=5");
    const direct = await call("GET", "/api/packages?from=1&to=5", { key: owner.apiKey });
    expect(proxied.status).toBe(200);
    expect(proxied.headers.get("content-type")).toBe(direct.headers.get("content-type"));
    expect(await proxied.json()).toEqual(await direct.json());
    expect(overHttp).toEqual([]);
  });

  it("streams an upload in and a download out, with the service's file name", async () => {
    const pdf = await makePdf({ pages: 1 });
    const { body, contentType } = multipartBody(packagePayload({ name: "Uploaded through the proxy", documents: ["Lease"] }), [{ name: "lease.pdf", bytes: pdf }]);
    const created = await throughProxy("/api/packages", { method: "POST", body, headers: { "content-type": contentType } });
    expect(created.status).toBe(200);
    const { id } = (await created.json()) as { id: string };
    const documents = await callJson<{ documents: { id: string; name: string }[] }>("GET", `/api/packages/${id}`, { key: owner.apiKey });
    const lease = documents.documents.find((document) => document.name === "Lease")!;

    const download = await throughProxy(`/api/packages/${id}/documents/${lease.id}/original`);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toContain("Lease");
    expect(Buffer.from(await download.arrayBuffer()).equals(pdf)).toBe(true);
  });

  it("passes the service's refusals through unchanged, the unknown path's wire 404 included", async () => {
    for (const path of ["/api/packages/no-such-package", "/api/no/such/path"]) {
      const proxied = await throughProxy(path);
      const direct = await call("GET", path, { key: owner.apiKey });
      expect(proxied.status).toBe(404);
      expect(await proxied.json()).toEqual(await direct.json());
    }
    const refused = await throughProxy("/api/packages", { apiKey: "not-a-key-of-anyone" });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ code: 401, name: "Unauthorized" });
  });

  it("sends a download link followed with a refused key to sign in", async () => {
    const response = await throughProxy("/api/packages", { apiKey: "not-a-key-of-anyone", headers: { "sec-fetch-mode": "navigate", referer: "http://console.test/packages" } });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/signin?reason=expired&next=%2Fpackages");
  });

  it("routes as Next.js does: the spec's trailing slash, an encoded parameter", async () => {
    const id = await createPackageWithFiles(owner.apiKey, packagePayload({ name: "Roles with a slash" }));
    const roles = await throughProxy(`/api/packages/${id}/roles/`);
    expect(roles.status).toBe(200);
    expect(await roles.json()).toEqual(await callJson("GET", `/api/packages/${id}/roles`, { key: owner.apiKey }));
    const encoded = await throughProxy("/api/packages/no%2Fsuch%20package");
    expect(encoded.status).toBe(404);
    expect(await encoded.json()).toMatchObject({ messageKey: expect.stringContaining("notFound") });
  });

  it("answers a method the route does not serve in process too: the route's JSON 405 with its Allow header", async () => {
    const response = await throughProxy("/api/session?x=1", { method: "PATCH", body: '{"a":1}', headers: { "content-type": "application/json" } });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    expect(await response.json()).toMatchObject({ code: 405, messageKey: "error.methodNotAllowed.default" });
    expect(overHttp).toEqual([]);
  });

  it("does not run a request the browser gave up on", async () => {
    const before = await callJson<{ count: number }>("GET", "/api/packages?from=1&to=1", { key: owner.apiKey });
    const aborted = new AbortController();
    aborted.abort();
    const sessionId = await openConsoleSession(owner.userId);
    const token = await encode({ token: { apiKey: owner.apiKey, sub: owner.userId, accountId: owner.accountId, sessionId }, secret: SECRET, salt: COOKIE, maxAge: 600 });
    const { body, contentType } = multipartBody(packagePayload({ name: "Never made", documents: ["Lease"] }), [{ name: "lease.pdf", bytes: await makePdf({ pages: 1 }) }]);
    const request = new Request("http://console.test/proxy/api/packages", {
      method: "POST",
      body,
      headers: { host: "console.test", cookie: `${COOKIE}=${token}`, "sec-fetch-site": "same-origin", "content-type": contentType },
      signal: aborted.signal,
      duplex: "half",
    } as RequestInit);
    const response = await proxyRequest(request, { embedded });
    expect(response.status).toBe(499);
    expect(await callJson<{ count: number }>("GET", "/api/packages?from=1&to=1", { key: owner.apiKey })).toMatchObject({ count: before.count });
  });
});

describe("request ids through the console's proxy", () => {
  it("one id follows a console action into the service's log line", async () => {
    const lines: Record<string, unknown>[] = [];
    const restore = logTo({ write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) });
    try {
      const proxied = await throughProxy("/api/packages?from=1&to=5", { headers: { "x-request-id": "console-click-42" } });
      expect(proxied.status).toBe(200);
      expect(proxied.headers.get("x-request-id")).toBe("console-click-42");
      expect(lines.filter((line) => line.msg === "request answered")).toEqual([
        expect.objectContaining({ requestId: "console-click-42", route: "/api/packages", status: 200, accountId: owner.accountId }),
      ]);
    } finally {
      restore();
    }
  });
});
