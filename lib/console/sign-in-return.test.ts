import { describe, expect, it } from "vitest";
import { consolePath, refererPath, signInAgainPath } from "./sign-in-return";

describe("consolePath", () => {
  it("follows paths of this site", () => {
    expect(consolePath("/packages/abc?tab=history")).toBe("/packages/abc?tab=history");
    expect(consolePath("/account/roles")).toBe("/account/roles");
    expect(consolePath("/templates")).toBe("/templates");
  });

  it.each([
    "https://evil.example/",
    "//evil.example/x",
    "/\\evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/%09/evil.example",
    "/signin",
    "/signin?next=/signin",
    "/api/session",
    "/packagesX",
    "/packages/../signin",
    "/packages#x",
    "",
    undefined,
    42,
  ])("sends %j to the inbox", (value) => {
    expect(consolePath(value)).toBe("/packages");
  });
});

describe("signInAgainPath", () => {
  it("says why and where to go back", () => {
    expect(signInAgainPath("/templates?page=2")).toBe("/signin?reason=expired&next=%2Ftemplates%3Fpage%3D2");
  });

  it("never leads off the site", () => {
    expect(signInAgainPath("//evil.example")).toBe("/signin?reason=expired&next=%2Fpackages");
  });
});

describe("refererPath", () => {
  it("answers the page of this site the link was on", () => {
    expect(refererPath("http://127.0.0.1:3000/packages/p1?x=1", "127.0.0.1:3000")).toBe("/packages/p1?x=1");
  });

  it.each([null, "http://other.example/packages/p1", "http://127.0.0.1:4000/packages/p1", "not a url"])("answers the inbox for %s", (referer) => {
    expect(refererPath(referer, "127.0.0.1:3000")).toBe("/packages");
  });
});
