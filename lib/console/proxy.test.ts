import http from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import { encode } from "next-auth/jwt";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { proxyRequest } from "./proxy";

// The session store is the database's (tests/api/console-sessions.test.ts); here, sessions named "ended" are over.
vi.mock("./console-sessions", () => ({ consoleSessionIsLive: async (id: unknown) => typeof id === "string" && id !== "ended" }));

/**
 * The proxy against a real upstream HTTP server on loopback: what it forwards, what it refuses,
 * and that bodies stream through rather than being held whole.
 */

interface Received {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  bodyBytes: number;
}

const COOKIE = "authjs.session-token";
const SECRET = "proxy-test-secret-proxy-test-secret";
const API_KEY = "key-of-ada";

let upstream: http.Server;
let received: Received[] = [];
/** The upstream's answer to the next request, given what it received. */
let answer: (request: http.IncomingMessage, response: http.ServerResponse) => void;

beforeAll(async () => {
  process.env.AUTH_SECRET = SECRET;
  upstream = http.createServer((request, response) => {
    let bodyBytes = 0;
    request.on("data", (chunk: Buffer) => (bodyBytes += chunk.length));
    request.on("end", () => {
      received.push({ method: request.method!, url: request.url!, headers: request.headers, bodyBytes });
      answer(request, response);
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
  process.env.ESIGN_API_URL = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
});

afterAll(async () => {
  delete process.env.AUTH_SECRET;
  delete process.env.ESIGN_API_URL;
  await new Promise((resolve) => upstream.close(resolve));
});

beforeEach(() => {
  received = [];
  answer = (_request, response) => {
    response.writeHead(200, { "content-type": "application/json" });
    response.end(JSON.stringify({ ok: true }));
  };
});

async function sessionCookie(apiKey = API_KEY, maxAge?: number, sessionId = "s1"): Promise<string> {
  const token = await encode({ token: { apiKey, sub: "u1", accountId: "account-a", sessionId }, secret: SECRET, salt: COOKIE, maxAge });
  return `${COOKIE}=${token}`;
}

async function consoleRequest(path: string, init: Omit<RequestInit, "headers"> & { headers?: Record<string, string> } = {}, signedIn = true): Promise<Request> {
  const headers: Record<string, string> = { host: "console.test", ...init.headers };
  if (signedIn) headers.cookie = await sessionCookie();
  return new Request(`http://console.test${path}`, { ...init, headers, ...(init.body ? { duplex: "half" } : {}) } as RequestInit);
}

describe("the console's proxy", () => {
  it("forwards the path and query as written, with the session's key, and answers what the service answered", async () => {
    answer = (_request, response) => {
      response.writeHead(200, { "content-type": "application/pdf", "content-disposition": 'attachment; filename="a b.pdf"', "x-internal": "no" });
      response.end("%PDF-1.7 bytes");
    };
    const response = await proxyRequest(
      await consoleRequest("/proxy/api/packages/p%2F1/roles/?from=1&to=20&search=a%20b", { headers: { "x-forwarded-for": "203.0.113.9", accept: "application/pdf" } }),
    );
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("%PDF-1.7 bytes");
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="a b.pdf"');
    expect(response.headers.get("x-internal")).toBeNull();
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ method: "GET", url: "/api/packages/p%2F1/roles/?from=1&to=20&search=a%20b" });
    expect(received[0]!.headers.authorization).toBe(`Basic ${API_KEY}`);
    expect(received[0]!.headers["x-forwarded-for"]).toBe("203.0.113.9");
    expect(received[0]!.headers.accept).toBe("application/pdf");
    // The browser's cookie (the encrypted session) never leaves the console.
    expect(received[0]!.headers.cookie).toBeUndefined();
  });

  it("passes the service's errors through unchanged", async () => {
    const error = { code: 422, name: "Unprocessable Entity", message: "A package needs a document before it is sent.", messageKey: "error.validation.noDocuments" };
    answer = (_request, response) => {
      response.writeHead(422, { "content-type": "application/json; charset=utf-8" });
      response.end(JSON.stringify(error));
    };
    const response = await proxyRequest(await consoleRequest("/proxy/api/packages/p1", { method: "POST", body: '{"status":"SENT"}', headers: { "content-type": "application/json", "sec-fetch-site": "same-origin" } }));
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual(error);
    expect(received[0]).toMatchObject({ method: "POST", bodyBytes: 17 });
    expect(received[0]!.headers["content-type"]).toBe("application/json");
  });

  it("answers 401 without a session, and never calls the service", async () => {
    const response = await proxyRequest(await consoleRequest("/proxy/api/packages", {}, false));
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: 401, messageKey: "error.unauthorised.consoleSession" });
    expect(received).toHaveLength(0);
  });

  it("answers 401 for a session that was signed out or revoked, its cookie still sealed right", async () => {
    const cookie = await sessionCookie(API_KEY, undefined, "ended");
    const response = await proxyRequest(await consoleRequest("/proxy/api/packages", { headers: { cookie } }, false));
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: 401, messageKey: "error.unauthorised.consoleSession" });
    expect(received).toHaveLength(0);
  });

  it("sends a download link followed without a session to sign in, and back to the page the link was on", async () => {
    const headers = { "sec-fetch-mode": "navigate", referer: "http://console.test/packages/p1?tab=documents" };
    const response = await proxyRequest(await consoleRequest("/proxy/api/packages/p1/documents/zip", { headers }, false));
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/signin?reason=expired&next=%2Fpackages%2Fp1%3Ftab%3Ddocuments");
    expect(received).toHaveLength(0);
  });

  it("sends a download link to sign in when the service refuses the session's key, the page found behind a reverse proxy", async () => {
    answer = (_request, response) => {
      response.writeHead(401, { "content-type": "application/json" });
      response.end(JSON.stringify({ code: 401, name: "Unauthorized", messageKey: "error.unauthorised.noUser", message: "No such key." }));
    };
    const headers = { "sec-fetch-mode": "navigate", "x-forwarded-host": "signet.example", referer: "https://signet.example/templates?page=2" };
    const response = await proxyRequest(await consoleRequest("/proxy/api/packages/p1/documents/zip", { headers }));
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/signin?reason=expired&next=%2Ftemplates%3Fpage%3D2");

    // A fetch from a page (not a navigation) gets the service's 401 unchanged: the page signs the user out itself.
    const fetched = await proxyRequest(await consoleRequest("/proxy/api/packages/p1/documents/zip"));
    expect(fetched.status).toBe(401);
    expect(await fetched.json()).toMatchObject({ messageKey: "error.unauthorised.noUser" });
  });

  it("refuses a call from a page of another account than the session is in now (a switch in another tab)", async () => {
    const stale = await proxyRequest(await consoleRequest("/proxy/api/packages", { method: "POST", headers: { "x-console-account": "account-b", "sec-fetch-site": "same-origin" } }));
    expect(stale.status).toBe(409);
    expect(await stale.json()).toMatchObject({ code: 409, messageKey: "error.conflict.consoleAccountChanged" });
    expect(received).toHaveLength(0);

    const current = await proxyRequest(await consoleRequest("/proxy/api/packages", { headers: { "x-console-account": "account-a" } }));
    expect(current.status).toBe(200);
    expect(received[0]!.headers["x-console-account"]).toBeUndefined();
  });

  it("answers 401 for a session cookie sealed with another secret", async () => {
    const forged = await encode({ token: { apiKey: "stolen" }, secret: "another-secret-another-secret-another", salt: COOKIE });
    const response = await proxyRequest(await consoleRequest("/proxy/api/packages", { headers: { cookie: `${COOKIE}=${forged}` } }, false));
    expect(response.status).toBe(401);
    expect(received).toHaveLength(0);
  });

  it("forwards only /api/... paths", async () => {
    for (const path of ["/proxy/apitoken/clientApp/accessToken", "/proxy/access?sessionToken=x", "/proxy/api", "/proxy/api/../access", "/proxy/%2e%2e/access"]) {
      const response = await proxyRequest(await consoleRequest(path));
      expect(response.status, path).toBe(404);
    }
    expect(received).toHaveLength(0);
  });

  it("refuses writes that do not come from the console's own pages", async () => {
    const attempts: Record<string, string>[] = [
      {},
      { "sec-fetch-site": "cross-site" },
      { "sec-fetch-site": "same-site" },
      { origin: "https://evil.test" },
      { origin: "null" },
    ];
    for (const headers of attempts) {
      for (const method of ["POST", "PUT", "DELETE", "PATCH"]) {
        const response = await proxyRequest(await consoleRequest("/proxy/api/packages/p1", { method, headers }));
        expect(response.status, `${method} ${JSON.stringify(headers)}`).toBe(403);
        expect(await response.json()).toMatchObject({ messageKey: "error.forbidden.crossSite" });
      }
    }
    expect(received).toHaveLength(0);
    const sameOrigin = await proxyRequest(await consoleRequest("/proxy/api/packages/p1", { method: "DELETE", headers: { origin: "http://console.test" } }));
    expect(sameOrigin.status).toBe(200);
    expect(received).toHaveLength(1);
  });

  it("streams an upload to the service as it arrives", async () => {
    const size = 8 * 1024 * 1024;
    const chunk = new Uint8Array(64 * 1024).fill(37);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= size) return controller.close();
        controller.enqueue(chunk);
        sent += chunk.length;
      },
    });
    const response = await proxyRequest(
      await consoleRequest("/proxy/api/packages/p1/documents", {
        method: "POST",
        body,
        headers: { "content-type": "multipart/form-data; boundary=x", "sec-fetch-site": "same-origin" },
      }),
    );
    expect(response.status).toBe(200);
    expect(received[0]!.bodyBytes).toBe(size);
    expect(received[0]!.headers["content-type"]).toBe("multipart/form-data; boundary=x");
  });

  it("streams a download: the first bytes reach the browser before the service has finished", async () => {
    let finish: () => void = () => {};
    answer = (_request, response) => {
      response.writeHead(200, { "content-type": "application/zip" });
      response.write("first-part");
      finish = () => response.end("last-part");
    };
    const response = await proxyRequest(await consoleRequest("/proxy/api/packages/p1/documents/zip"));
    const reader = response.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toBe("first-part");
    finish();
    let rest = "";
    for (let part = await reader.read(); !part.done; part = await reader.read()) rest += new TextDecoder().decode(part.value);
    expect(rest).toBe("last-part");
  });

  it("asks the service for plain bytes, and decodes a compressed answer all the same", async () => {
    const json = JSON.stringify({ results: Array.from({ length: 200 }, (_, i) => ({ id: `p${i}` })), count: 200 });
    answer = (_request, response) => {
      const gzipped = gzipSync(json);
      response.writeHead(200, { "content-type": "application/json", "content-encoding": "gzip", "content-length": gzipped.length });
      response.end(gzipped);
    };
    const response = await proxyRequest(await consoleRequest("/proxy/api/packages", { headers: { "accept-encoding": "gzip, br" } }));
    expect(received[0]!.headers["accept-encoding"]).toBe("identity");
    expect(response.headers.get("content-length")).toBeNull();
    expect(await response.text()).toBe(json);
  });

  it("stops honouring a session cookie when the session expires, though it was honoured before", async () => {
    const cookie = await sessionCookie(API_KEY, 60);
    const first = await proxyRequest(await consoleRequest("/proxy/api/session", { headers: { cookie } }, false));
    expect(first.status).toBe(200);
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      // Past the expiry and next-auth's 15 s of clock tolerance.
      vi.setSystemTime(Date.now() + 80_000);
      const later = await proxyRequest(await consoleRequest("/proxy/api/session", { headers: { cookie } }, false));
      expect(later.status).toBe(401);
    } finally {
      vi.useRealTimers();
    }
    expect(received).toHaveLength(1);
  });

  it("calls a service at ESIGN_API_URL over HTTP even when given the embedded service's routes", async () => {
    const embedded = vi.fn(async () => new Response("in process"));
    const response = await proxyRequest(await consoleRequest("/proxy/api/packages"), { embedded });
    expect(await response.json()).toEqual({ ok: true });
    expect(received).toHaveLength(1);
    expect(embedded).not.toHaveBeenCalled();
  });

  it("asks again on a new connection when the service closed the kept-alive one as a read went out; never a write", async () => {
    const answered = new Set<object>();
    // A connection that has answered once is closed, unanswered, when the next call comes on it.
    answer = (request, response) => {
      if (answered.has(request.socket)) return void request.socket.destroy();
      answered.add(request.socket);
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify({ ok: true }));
    };
    expect((await proxyRequest(await consoleRequest("/proxy/api/packages/first"))).status).toBe(200);

    const read = await proxyRequest(await consoleRequest("/proxy/api/packages/second"));
    expect([read.status, await read.json()]).toEqual([200, { ok: true }]);
    expect(received.map((call) => call.url)).toEqual(["/api/packages/first", "/api/packages/second", "/api/packages/second"]);

    received = [];
    const write = await proxyRequest(await consoleRequest("/proxy/api/packages/p1", { method: "POST", body: "{}", headers: { origin: "http://console.test", "content-type": "application/json" } }));
    expect(write.status).toBe(502);
    expect(received.map((call) => [call.method, call.url])).toEqual([["POST", "/api/packages/p1"]]);
  });

  it("lets an idle connection go before the service's announced keep-alive ends, so a write never goes out on one being closed", async () => {
    upstream.keepAliveTimeout = 2_000; // announced as Keep-Alive: timeout=2
    try {
      const sockets: object[] = [];
      answer = (request, response) => {
        sockets.push(request.socket);
        response.writeHead(200, { "content-type": "application/json" });
        response.end(JSON.stringify({ ok: true }));
      };
      expect((await proxyRequest(await consoleRequest("/proxy/api/packages/first"))).status).toBe(200);
      expect((await proxyRequest(await consoleRequest("/proxy/api/packages/at-once"))).status).toBe(200);
      // Past the announced timeout less a second, before the service's own end of the connection.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      const write = await proxyRequest(await consoleRequest("/proxy/api/packages/p1", { method: "POST", body: "{}", headers: { origin: "http://console.test", "content-type": "application/json" } }));
      expect(write.status).toBe(200);
      expect([sockets[1] === sockets[0], sockets[2] === sockets[1]]).toEqual([true, false]);
    } finally {
      upstream.keepAliveTimeout = 5_000;
    }
  });

  it("answers 502 with a JSON error when the service cannot be reached", async () => {
    const saved = process.env.ESIGN_API_URL;
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    process.env.ESIGN_API_URL = `http://127.0.0.1:${port}`;
    try {
      const response = await proxyRequest(await consoleRequest("/proxy/api/packages"));
      expect(response.status).toBe(502);
      expect(await response.json()).toMatchObject({ code: 502, messageKey: "error.badGateway.serviceUnreachable" });
    } finally {
      process.env.ESIGN_API_URL = saved;
    }
  });
});

describe("the console's proxy and request ids", () => {
  it("passes the browser's request id to the service, or a new one, and answers the service's", async () => {
    answer = (request, response) => {
      response.writeHead(200, { "content-type": "application/json", "x-request-id": String(request.headers["x-request-id"]) });
      response.end("{}");
    };
    const given = await proxyRequest(await consoleRequest("/proxy/api/packages", { headers: { "x-request-id": "console-action-1" } }));
    expect(received[0]!.headers["x-request-id"]).toBe("console-action-1");
    expect(given.headers.get("x-request-id")).toBe("console-action-1");

    const fresh = await proxyRequest(await consoleRequest("/proxy/api/packages", { headers: { "x-request-id": "not a plain token\u00e9" } }));
    expect(received[1]!.headers["x-request-id"]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(fresh.headers.get("x-request-id")).toBe(received[1]!.headers["x-request-id"]);
  });
});
