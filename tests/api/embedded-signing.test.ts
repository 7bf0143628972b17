import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { proxy } from "@/proxy";
import { call, callJson } from "../support/api-client";
import { createPackageWithFiles, packagePayload } from "../support/packages";
import { seedAccount, seedSender } from "../support/seed";

type Json = Record<string, unknown>;

/** The security headers proxy.ts gives the page at `path`. */
async function pageHeaders(path: string) {
  const response = await proxy(new NextRequest(new URL(path, "http://signet.test")));
  const policy = response.headers.get("content-security-policy") ?? "";
  const frameAncestors = /frame-ancestors ([^;]*)/.exec(policy)?.[1];
  return { response, policy, frameAncestors };
}

describe("embedded signing: the origins that may frame the ceremony", () => {
  it("are an account setting, validated, read and written with the package settings", async () => {
    const account = await seedAccount();
    const key = account.apiKey;
    expect(await callJson<Json>("GET", "/api/account/admin/accountSettings/packageSettings", { key })).toMatchObject({ embeddedSigningOrigins: [] });

    const written = await callJson<Json>("PATCH", "/api/account/admin/accountSettings/packageSettings", {
      key,
      json: { embeddedSigningOrigins: ["https://Portal.Example.com/", "https://portal.example.com:8443", "http://localhost:3000", "https://portal.example.com"] },
    });
    expect(written.embeddedSigningOrigins).toEqual(["https://portal.example.com", "https://portal.example.com:8443", "http://localhost:3000"]);
    const both = await callJson<{ accountPackageSettings: Json }>("GET", "/api/account/admin/accountSettings", { key });
    expect(both.accountPackageSettings.embeddedSigningOrigins).toEqual(written.embeddedSigningOrigins);

    for (const bad of ["http://portal.example.com", "https://portal.example.com/path", "https://*.example.com", "portal.example.com", "https://user@portal.example.com", "https://portal.example.com?x", "javascript:alert(1)", "https://a.com 'unsafe-inline'"]) {
      const refused = await callJson<{ messageKey: string; technical?: string }>("PATCH", "/api/account/admin/accountSettings", {
        key,
        json: { accountPackageSettings: { embeddedSigningOrigins: [bad] } },
        expect: 400,
      });
      expect(refused.messageKey, bad).toBe("error.validation.invalidBody");
    }
    await callJson("PATCH", "/api/account/admin/accountSettings/packageSettings", { key, json: { embeddedSigningOrigins: "https://portal.example.com" }, expect: 400 });
    const sender = await seedSender(account);
    await callJson("PATCH", "/api/account/admin/accountSettings/packageSettings", { key: sender.apiKey, json: { embeddedSigningOrigins: [] }, expect: 403 });
    expect(await callJson<Json>("GET", "/api/account/admin/accountSettings/packageSettings", { key })).toMatchObject({ embeddedSigningOrigins: written.embeddedSigningOrigins });

    // Not a ceremony setting of the packages themselves.
    const packageId = await createPackageWithFiles(key, packagePayload());
    const pkg = await callJson<{ settings?: { ceremony?: Json } }>("GET", `/api/packages/${packageId}`, { key });
    expect(pkg.settings?.ceremony ?? {}).not.toHaveProperty("embeddedSigningOrigins");
  });

  it("become the ceremony page's frame-ancestors; the console is never framed", async () => {
    const embedding = await seedAccount();
    await callJson("PATCH", "/api/account/admin/accountSettings/packageSettings", { key: embedding.apiKey, json: { embeddedSigningOrigins: ["https://portal.example.com"] } });
    const embedded = await createPackageWithFiles(embedding.apiKey, packagePayload({ status: "SENT" }));
    const plain = await createPackageWithFiles((await seedAccount()).apiKey, packagePayload({ status: "SENT" }));

    const ceremony = await pageHeaders(`/sign/${embedded}`);
    expect(ceremony.frameAncestors).toBe("'self' https://portal.example.com");
    expect(ceremony.response.headers.get("x-frame-options")).toBeNull();
    expect(ceremony.response.headers.get("referrer-policy")).toBe("no-referrer");
    expect(ceremony.policy).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
    // Next.js reads the nonce from the policy it is handed with the request.
    expect(ceremony.response.headers.get("x-middleware-request-content-security-policy")).toBe(ceremony.policy);

    expect((await pageHeaders(`/sign/${plain}`)).frameAncestors).toBe("'self'");
    expect((await pageHeaders("/sign/no-such-package")).frameAncestors).toBe("'self'");
    expect((await pageHeaders("/sign/%E0%A4%A")).frameAncestors).toBe("'self'");

    const consolePage = await pageHeaders("/packages");
    expect(consolePage.frameAncestors).toBe("'none'");
    expect(consolePage.response.headers.get("x-frame-options")).toBe("DENY");
    expect(consolePage.response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(consolePage.response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect((await pageHeaders("/packages")).policy).not.toBe(consolePage.policy);

    // The ceremony's entry runs no script and sends no frame rule of its own (the page it leads to has one).
    const entry = await call("GET", "/access?sessionToken=not-a-token");
    expect(entry.headers.get("content-security-policy")).toBe("default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'");
    expect(entry.headers.get("x-content-type-options")).toBe("nosniff");
  });
});
