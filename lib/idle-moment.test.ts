import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countRequests, idleMoment } from "./idle-moment";

/** Keeps this thread busy for `ms` in slices, as a request's work does, then stops. */
async function busyFor(ms: number): Promise<void> {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    const slice = performance.now() + 5;
    while (performance.now() < slice);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe("idleMoment", () => {
  it("resolves within a window or two on an idle thread", async () => {
    const started = performance.now();
    await idleMoment(5_000);
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it("waits while the thread is busy, and resolves once it is not", async () => {
    const started = performance.now();
    let busyEnded = 0;
    const busy = busyFor(300).then(() => (busyEnded = performance.now()));
    await idleMoment(5_000);
    const resolved = performance.now();
    await busy;
    expect(busyEnded - started).toBeGreaterThanOrEqual(300);
    expect(resolved).toBeGreaterThanOrEqual(busyEnded);
    expect(resolved - busyEnded).toBeLessThan(1_000);
  });

  it("gives up after maxMs when the thread stays busy", async () => {
    const busy = busyFor(1_500);
    const started = performance.now();
    await idleMoment(200);
    const waited = performance.now() - started;
    await busy;
    expect(waited).toBeGreaterThanOrEqual(190);
    expect(waited).toBeLessThan(1_400);
  });
});

describe("idleMoment, with the requests a server answers counted", () => {
  /** idleMoment's default window: the quiet it waits for after the last request (timers may fire a little early, so half of it is checked). */
  const windowMs = 20;
  let server: http.Server;
  let baseUrl: string;
  /** When the server last finished an answer (or its client went away). */
  let lastClosed = 0;
  beforeAll(async () => {
    countRequests();
    // Answers after ?ms= milliseconds without keeping the thread busy, as a request waiting on the database does.
    server = http.createServer((request, response) => {
      const ms = Number(new URL(request.url!, "http://x").searchParams.get("ms") ?? 0);
      response.once("close", () => (lastClosed = performance.now()));
      setTimeout(() => response.end("ok"), ms);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it("waits while a request is being answered, though the thread is idle meanwhile", async () => {
    const answered = fetch(`${baseUrl}/api/packages?ms=300`).then((response) => response.text());
    await new Promise((resolve) => setTimeout(resolve, 20));
    await idleMoment(5_000);
    const resolved = performance.now();
    await answered;
    expect(resolved - lastClosed).toBeGreaterThanOrEqual(windowMs / 2);
  });

  it("waits for a window in which no request began, with requests answered back to back", async () => {
    const started = performance.now();
    const client = (async () => {
      while (performance.now() - started < 300) {
        await (await fetch(`${baseUrl}/api/packages?ms=3`)).text();
        // The client's turn: no request is being answered, for a moment.
        await new Promise((resolve) => setTimeout(resolve, 3));
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await idleMoment(5_000);
    const resolved = performance.now();
    await client;
    expect(resolved - lastClosed).toBeGreaterThanOrEqual(windowMs / 2);
  });

  it("stops counting a request whose client went away", async () => {
    const gone = new AbortController();
    const asked = fetch(`${baseUrl}/api/packages?ms=5000`, { signal: gone.signal }).catch(() => undefined);
    setTimeout(() => gone.abort(), 200);
    const started = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await idleMoment(5_000);
    await asked;
    expect(performance.now() - started).toBeGreaterThanOrEqual(190);
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it("stops counting a request pipelined behind one whose client went away, which never gets an answer", async () => {
    const socket = net.connect((server.address() as AddressInfo).port, "127.0.0.1");
    await new Promise((resolve) => socket.once("connect", resolve));
    socket.write("GET /api/packages?ms=5000 HTTP/1.1\r\nHost: x\r\n\r\nGET /api/packages HTTP/1.1\r\nHost: x\r\n\r\n");
    setTimeout(() => socket.destroy(), 200);
    const started = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await idleMoment(5_000);
    expect(performance.now() - started).toBeGreaterThanOrEqual(190);
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it("does not wait for a health check, which waits for the start's work", async () => {
    const checked = fetch(`${baseUrl}/api/health?ms=1000`).then((response) => response.text());
    await new Promise((resolve) => setTimeout(resolve, 20));
    const started = performance.now();
    await idleMoment(5_000);
    expect(performance.now() - started).toBeLessThan(500);
    await checked;
  });
});
