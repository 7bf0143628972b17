import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { closeCallbackConnections, postCallback, RESPONSE_EXCERPT_BYTES, type PostOptions } from "./post-callback";

let connections = 0;
const bodies: string[] = [];
const server = http.createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on("data", (chunk: Buffer) => chunks.push(chunk));
  request.on("end", () => {
    bodies.push(Buffer.concat(chunks).toString("utf8"));
    if (request.url === "/large") {
      response.writeHead(500, { "Content-Type": "text/plain" });
      response.end("y".repeat(10 * RESPONSE_EXCERPT_BYTES));
      return;
    }
    response.writeHead(request.url === "/redirect" ? 302 : 200, { "Content-Type": "text/plain", Location: "/elsewhere" });
    response.end("ok");
  });
});
server.on("connection", () => connections++);
let base = "";

const options = (overrides: Partial<PostOptions> = {}): PostOptions => ({
  headers: { "Content-Type": "application/json" },
  allowPrivate: true,
  connectTimeoutMs: 2_000,
  responseTimeoutMs: 2_000,
  connectionsPerOrigin: 4,
  ...overrides,
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(() => closeCallbackConnections());
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("postCallback", () => {
  it("keeps the connection open: 20 POSTs one after the other go over one connection", async () => {
    const before = connections;
    for (let index = 0; index < 20; index++) {
      const outcome = await postCallback(`${base}/one?n=${index}`, `{"n":${index}}`, options({ connectionsPerOrigin: 1 }));
      expect(outcome).toMatchObject({ statusCode: 200, responseExcerpt: "ok" });
    }
    expect(connections - before).toBe(1);
    expect(bodies.slice(-3)).toEqual(['{"n":17}', '{"n":18}', '{"n":19}']);
  });

  it("opens at most connectionsPerOrigin connections for POSTs at the same time", async () => {
    const before = connections;
    const outcomes = await Promise.all(Array.from({ length: 30 }, (_, index) => postCallback(`${base}/many`, `{"n":${index}}`, options())));
    expect(outcomes.every((outcome) => outcome.statusCode === 200)).toBe(true);
    expect(connections - before).toBeGreaterThan(0);
    expect(connections - before).toBeLessThanOrEqual(4);
  });

  it("the SSRF guard decides for each connection: one opened while private addresses were allowed is not used once they are not", async () => {
    expect((await postCallback(`${base}/allowed`, "{}", options())).statusCode).toBe(200);
    const before = { connections, bodies: bodies.length };
    const refused = await postCallback(`${base}/refused`, "{}", options({ allowPrivate: false }));
    expect(refused.statusCode).toBeUndefined();
    expect(refused.error).toMatch(/^Refused: 127\.0\.0\.1 resolves to 127\.0\.0\.1/);
    expect({ connections, bodies: bodies.length }).toEqual(before);
  });

  it("does not follow a redirect and keeps at most 1 KB of the answer", async () => {
    expect(await postCallback(`${base}/redirect`, "{}", options())).toMatchObject({ statusCode: 302, responseExcerpt: "ok" });
    const large = await postCallback(`${base}/large`, "{}", options());
    expect(large.statusCode).toBe(500);
    expect(large.responseExcerpt).toHaveLength(RESPONSE_EXCERPT_BYTES);
  });

  it("a kept connection the receiver closed meanwhile: the POST goes once more on a new connection, once", async () => {
    // Answers the first request of each connection and drops the connection at its second.
    const requestsOf = new WeakMap<object, number>();
    let received = 0;
    const dropping = http.createServer((request, response) => {
      received++;
      const count = (requestsOf.get(request.socket) ?? 0) + 1;
      requestsOf.set(request.socket, count);
      if (count > 1 || request.url === "/always") {
        request.socket.destroy();
        return;
      }
      request.resume();
      request.on("end", () => response.end("ok"));
    });
    await new Promise<void>((resolve) => dropping.listen(0, "127.0.0.1", resolve));
    const origin = `http://127.0.0.1:${(dropping.address() as AddressInfo).port}`;
    try {
      const single = options({ connectionsPerOrigin: 1 });
      expect((await postCallback(`${origin}/first`, "{}", single)).statusCode).toBe(200);
      expect(await postCallback(`${origin}/second`, "{}", single)).toMatchObject({ statusCode: 200, responseExcerpt: "ok" });
      expect(received).toBe(3);

      const failed = await postCallback(`${origin}/always`, "{}", single);
      expect(failed.statusCode).toBeUndefined();
      expect(failed.error).toBeTruthy();
      expect(received).toBe(5);
    } finally {
      dropping.closeAllConnections();
      await new Promise<void>((resolve) => dropping.close(() => resolve()));
    }
  });

  it("a closed port is an error naming it", async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const outcome = await postCallback(`http://127.0.0.1:${port}/gone`, "{}", options());
    expect(outcome.statusCode).toBeUndefined();
    expect(outcome.error).toMatch(/ECONNREFUSED/);
  });
});
