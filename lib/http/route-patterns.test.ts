import { describe, expect, it } from "vitest";
import { compileRoutes, matchRoute } from "./route-patterns";

const routes = compileRoutes([
  ["/api/[...path]", "unknown"],
  ["/api/packages/[packageId]", "package"],
  ["/api/packages", "packages"],
  ["/api/packages/[packageId]/documents/zip", "zip"],
  ["/api/packages/[packageId]/documents/[documentId]", "document"],
  ["/api/account/[accountId]/verificationTypes", "account's types"],
  ["/api/account/verificationTypes", "types"],
]);

function served(pathname: string) {
  const match = matchRoute(routes, pathname);
  return match && { target: match.route.target, params: match.params };
}

describe("matchRoute", () => {
  it("prefers a static segment to a dynamic one, and both to a catch-all", () => {
    expect(served("/api/packages")).toEqual({ target: "packages", params: {} });
    expect(served("/api/packages/p1/documents/zip")).toEqual({ target: "zip", params: { packageId: "p1" } });
    expect(served("/api/packages/p1/documents/d1")).toEqual({ target: "document", params: { packageId: "p1", documentId: "d1" } });
    expect(served("/api/account/verificationTypes")).toEqual({ target: "types", params: {} });
    expect(served("/api/account/a1/verificationTypes")).toEqual({ target: "account's types", params: { accountId: "a1" } });
  });

  it("hands the catch-all every segment no other route serves", () => {
    expect(served("/api/packages/p1/nothing")).toEqual({ target: "unknown", params: { path: ["packages", "p1", "nothing"] } });
  });

  it("decodes parameters and allows one trailing slash", () => {
    expect(served("/api/packages/a%2Fb%20c")).toEqual({ target: "package", params: { packageId: "a/b c" } });
    expect(served("/api/packages/p1/")).toEqual({ target: "package", params: { packageId: "p1" } });
  });

  it("leaves to Next.js empty and undecodable segments, and encoded ones it might read as another route", () => {
    expect(served("/api/packages//documents")).toBeNull();
    expect(served("/api/packages/%E0%A4%A")).toBeNull();
    expect(served("/other")).toBeNull();
    // Next.js also tries the decoded path against its static routes.
    expect(served("/api/pack%61ges")).toBeNull();
    expect(served("/api/account/verification%54ypes")).toBeNull();
    expect(served("/api/no%20such")).toBeNull();
  });
});
