import { describe, expect, it } from "vitest";
import { requestIdOf, routeOf } from "./request-log";

describe("the request log's route patterns", () => {
  it("names the route's parameters instead of their values, encoded or not, and a catch-all once", () => {
    expect(routeOf("/api/packages/p1/documents/d%2F2/pdf")).toBe("/api/packages/[packageId]/documents/[documentId]/pdf");
    expect(routeOf("/api/no/such/path")).toBe("/api/[...path]");
    expect(routeOf("/api/session")).toBe("/api/session");
  });

  it("takes a value equal to a static segment for the parameter it is, as Next.js routes it", () => {
    expect(routeOf("/api/packages/documents/documents/documents/pdf")).toBe("/api/packages/[packageId]/documents/[documentId]/pdf");
    expect(routeOf("/api/packages/evidence/evidence/summary")).toBe("/api/packages/[packageId]/evidence/summary");
  });

  it("logs a path only Next.js judges by its first segment, never a token of it", () => {
    expect(routeOf("/api/packages/p%2")).toBe("/api/…");
    expect(routeOf("/api/no/su%63h/secret-token")).toBe("/api/…");
  });
});

describe("request ids", () => {
  const withId = (value: string) => new Request("http://signet.test/", { headers: { "x-request-id": value } });

  it("takes a plain token the caller sent, and makes a new id for anything else", () => {
    expect(requestIdOf(withId("Root=1-67891233-abcdef012345678912345678"))).not.toBe("Root=1-67891233-abcdef012345678912345678");
    expect(requestIdOf(withId("f0e1d2c3-b4a5-4697-8899-aabbccddeeff"))).toBe("f0e1d2c3-b4a5-4697-8899-aabbccddeeff");
    expect(requestIdOf(withId("a\"b"))).not.toBe('a"b');
    expect(requestIdOf(new Request("http://signet.test/"))).toMatch(/^[0-9a-f-]{36}$/);
  });
});
