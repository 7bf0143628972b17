import { unstable_doesMiddlewareMatch } from "next/experimental/testing/server";
import { describe, expect, it } from "vitest";
import { config } from "@/proxy";
import { ceremonyFrameAncestors, newNonce, pageContentSecurityPolicy, pageSecurityHeaders } from "./security-headers";

const directives = (policy: string) => Object.fromEntries(policy.split("; ").map((directive) => [directive.split(" ")[0], directive.split(" ").slice(1).join(" ")]));

describe("the pages' security headers", () => {
  it("allow scripts by nonce only, no plugins, no foreign base, and say who may frame", () => {
    const policy = directives(pageContentSecurityPolicy("abc", "'none'"));
    expect(policy).toMatchObject({
      "script-src": "'self' 'nonce-abc' 'strict-dynamic'",
      "object-src": "'none'",
      "base-uri": "'self'",
      "frame-ancestors": "'none'",
      "worker-src": "'self' blob:",
    });
    expect(pageContentSecurityPolicy("abc", "'none'", true)).toContain("'nonce-abc' 'strict-dynamic' 'unsafe-eval'");
    expect(directives(pageContentSecurityPolicy("abc", ceremonyFrameAncestors(["https://portal.example", "http://localhost:3000"])))["frame-ancestors"]).toBe(
      "'self' https://portal.example http://localhost:3000",
    );
  });

  it("deny framing of the console, leave the ceremony's to its policy and send it no referrer", () => {
    expect(pageSecurityHeaders("p", false)).toEqual({
      "content-security-policy": "p",
      "x-content-type-options": "nosniff",
      "referrer-policy": "strict-origin-when-cross-origin",
      "x-frame-options": "DENY",
    });
    expect(pageSecurityHeaders("p", true)).toEqual({ "content-security-policy": "p", "x-content-type-options": "nosniff", "referrer-policy": "no-referrer" });
  });

  it("use a new nonce each time", () => {
    expect(newNonce()).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(newNonce()).not.toBe(newNonce());
  });

  it("come from proxy.ts on every page, and not on route handlers (next.config.mjs's)", () => {
    const pages = ["/", "/signin", "/packages", "/packages/p1/edit", "/account/integrations", "/sign/p1", "/docs/api", "/fasttrack", "/no-such-page", "/accounts", "/authors"];
    for (const url of pages) expect(unstable_doesMiddlewareMatch({ config, url }), url).toBe(true);
    const handlers = ["/api/packages", "/api/signing/p1/decline", "/proxy/api/packages", "/pdfjs/cmaps/x.bcmap", "/access?sessionToken=x", "/auth?signerAuthenticationToken=x", "/auth/session", "/oauth2/token", "/apitoken/clientApp/accessToken", "/_next/static/chunks/a.js", "/favicon.ico", "/icon.svg"];
    for (const url of handlers) expect(unstable_doesMiddlewareMatch({ config, url }), url).toBe(false);
  });
});
