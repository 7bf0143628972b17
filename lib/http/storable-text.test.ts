import { describe, expect, it } from "vitest";
import { assertStorableAddress } from "./storable-text";

describe("assertStorableAddress", () => {
  it("takes a route without path parameters (Next.js gives it undefined)", () => {
    expect(() => assertStorableAddress(new Request("http://signet.test/api/signup?x=1"), undefined)).not.toThrow();
  });

  it("refuses a NUL in a path parameter or a query value", () => {
    expect(() => assertStorableAddress(new Request("http://signet.test/api/packages/x"), { packageId: "a\u0000b" })).toThrow(/NUL/);
    expect(() => assertStorableAddress(new Request("http://signet.test/api/packages?search=a%00b"), {})).toThrow(/NUL/);
  });
});
