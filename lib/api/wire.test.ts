import { describe, expect, it, vi } from "vitest";
import { merged, withoutNulls, wireDate } from "./wire";

describe("merged", () => {
  it("makes what spreading the sources in order makes: a later source's member wins, keys in first-seen order", () => {
    const stored = { id: "Signer1", email: "a@example.test", name: "stored name", delivery: { email: true } };
    const added = { name: "Ada Lovelace", signerType: "EXTERNAL_SIGNER" };
    const result = merged(stored, added);
    expect(result).toEqual({ ...stored, ...added });
    expect(Object.keys(result)).toEqual(["id", "email", "name", "delivery", "signerType"]);
  });

  it("leaves its sources as they were and shares their member values, as a spread does", () => {
    const stored = { delivery: { email: true } };
    const result = merged(stored, { name: "x" });
    expect(stored).toEqual({ delivery: { email: true } });
    expect(result.delivery).toBe(stored.delivery);
  });

  it("leaves out a stored __proto__ member instead of setting the result's prototype by it", () => {
    const stored = withoutNulls(JSON.parse('{"firstName": "Ada", "__proto__": {"isAdmin": true}}') as Record<string, unknown>);
    const result = merged(JSON.parse('{"__proto__": {"isAdmin": true}, "lastName": "Lovelace"}') as object, stored);
    expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
    expect((result as { isAdmin?: boolean }).isAdmin).toBeUndefined();
    expect(result).toEqual({ lastName: "Lovelace", firstName: "Ada" });
  });
});

describe("withoutNulls", () => {
  it("drops null and undefined members deeply, and a __proto__ member, whose assignment would set the prototype", () => {
    const cleaned = withoutNulls(JSON.parse('{"a": null, "b": {"c": null, "d": 1}, "e": [null, 2], "__proto__": {"polluted": true}}') as Record<string, unknown>);
    expect(cleaned).toEqual({ b: { d: 1 }, e: [2] });
    expect(Object.getPrototypeOf(cleaned)).toBe(Object.prototype);
    expect((cleaned as { polluted?: boolean }).polluted).toBeUndefined();
  });
});

describe("wireDate of PostgreSQL's text", () => {
  it("writes what a Date made of the text writes, whatever the fraction's digits and the form", () => {
    const texts: string[] = [];
    for (const fraction of ["", ".1", ".12", ".123", ".1234", ".123456", ".999999", ".000001", ".5"]) {
      for (const [separator, utc] of [[" ", "+00"], ["T", "+00:00"]]) {
        texts.push(`2026-10-01${separator}09:05:07${fraction}${utc}`, `1999-12-31${separator}23:59:59${fraction}${utc}`, `0100-01-01${separator}00:00:00${fraction}${utc}`);
      }
    }
    for (const text of texts) expect(wireDate(text), text).toBe(new Date(text).toISOString());
  });

  it("makes no Date of a UTC text", () => {
    vi.stubGlobal("Date", function NoDate() {
      throw new Error("a Date was made");
    });
    try {
      expect(wireDate("2026-10-01 09:05:07.123456+00")).toBe("2026-10-01T09:05:07.123Z");
      expect(wireDate("2026-10-01T09:05:07+00:00")).toBe("2026-10-01T09:05:07.000Z");
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("reads another time zone's text through a Date", () => {
    expect(wireDate("2026-10-01 09:05:07.25+02")).toBe("2026-10-01T07:05:07.250Z");
    expect(wireDate("2026-10-01T09:05:07.123456-04:30")).toBe("2026-10-01T13:35:07.123Z");
  });
});
