import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { plainAddress, resolveClientAddress, resolveClientAddressesOfServer, trustedProxies } from "./client-address";

describe("resolveClientAddress", () => {
  const loopback = trustedProxies("loopback");

  it("takes the socket's address when the socket is not a trusted proxy, whatever X-Forwarded-For says", () => {
    expect(resolveClientAddress("198.51.100.7", "203.0.113.1", loopback)).toBe("198.51.100.7");
    expect(resolveClientAddress("::ffff:198.51.100.7", undefined, loopback)).toBe("198.51.100.7");
    expect(resolveClientAddress("127.0.0.1", "203.0.113.1", trustedProxies("none"))).toBe("127.0.0.1");
  });

  it("reads X-Forwarded-For from the right behind trusted proxies, so a forged left part is ignored", () => {
    expect(resolveClientAddress("127.0.0.1", "203.0.113.1", loopback)).toBe("203.0.113.1");
    // The client forged 192.0.2.66; the proxy appended the address it saw.
    expect(resolveClientAddress("127.0.0.1", "192.0.2.66, 203.0.113.1", loopback)).toBe("203.0.113.1");
    const chain = trustedProxies("loopback, 10.0.0.0/8");
    expect(resolveClientAddress("127.0.0.1", "192.0.2.66, 203.0.113.1, 10.1.2.3", chain)).toBe("203.0.113.1");
    // Every hop trusted: the leftmost is the best answer there is.
    expect(resolveClientAddress("10.0.0.2", "10.0.0.9", chain)).toBe("10.0.0.9");
  });

  it("accepts IPv6 ranges and refuses a setting it cannot read", () => {
    expect(resolveClientAddress("fd00::1", "2001:db8::5", trustedProxies("fd00::/8"))).toBe("2001:db8::5");
    expect(() => trustedProxies("10.0.0.0/33")).toThrow(/TRUSTED_PROXIES/);
    expect(() => trustedProxies("proxy.internal")).toThrow(/TRUSTED_PROXIES/);
  });

  it("drops the ::ffff: of an IPv4-mapped address", () => {
    expect(plainAddress(" ::ffff:127.0.0.1 ")).toBe("127.0.0.1");
    expect(plainAddress("2001:db8::1")).toBe("2001:db8::1");
  });
});

describe("resolveClientAddressesOfServer", () => {
  let server: http.Server;
  let url: string;

  beforeAll(async () => {
    // A server started after, as Next.js's is: the rewrite applies to every http.Server.
    resolveClientAddressesOfServer(trustedProxies("10.0.0.0/8"));
    server = http.createServer((request, response) =>
      response.end(request.url === "/host" ? JSON.stringify([request.headers["x-forwarded-host"], request.headers["x-forwarded-proto"]]) : String(request.headers["x-forwarded-for"])),
    );
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("gives the handler the socket's address in place of a forged X-Forwarded-For from an untrusted peer", async () => {
    expect(await fetch(url, { headers: { "x-forwarded-for": "203.0.113.1" } }).then((r) => r.text())).toBe("127.0.0.1");
    expect(await fetch(url).then((r) => r.text())).toBe("127.0.0.1");
  });

  it("removes X-Forwarded-Host and X-Forwarded-Proto an untrusted peer sent itself", async () => {
    const headers = { "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" };
    expect(await fetch(`${url}host`, { headers }).then((r) => r.json())).toEqual([null, null]);
  });
});
