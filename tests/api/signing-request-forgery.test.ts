import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { openSigningSession, signingCookieName } from "@/lib/esign/signing/session";
import { call, callJson } from "../support/api-client";
import { createPackageWithFiles, packagePayload } from "../support/packages";
import { seedAccount } from "../support/seed";

/** A package out for signing and the cookie of Signer1's ceremony session. */
async function ceremony() {
  const owner = await seedAccount();
  const packageId = await createPackageWithFiles(owner.apiKey, packagePayload({ status: "SENT" }));
  const db = await getDb();
  const { token } = await db.transaction((tx) => openSigningSession(tx, { packageId, roleId: "Signer1" }));
  const statusOf = async () => (await callJson<{ status: string }>("GET", `/api/packages/${packageId}`, { key: owner.apiKey })).status;
  return { packageId, cookie: `${signingCookieName(packageId)}=${token}`, statusOf };
}

const reason = JSON.stringify({ reason: "Not mine" });

describe("the ceremony's writes refuse forged requests", () => {
  it("a text/plain POST (what a form on another page sends) does not decline the package: 415", async () => {
    const { packageId, cookie, statusOf } = await ceremony();
    for (const contentType of ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"]) {
      const response = await call("POST", `/api/signing/${packageId}/decline`, { headers: { cookie, "content-type": contentType }, body: reason });
      expect(response.status, contentType).toBe(415);
      expect(await response.json()).toMatchObject({ code: 415, name: "Unsupported Media Type", messageKey: "error.validation.contentType" });
    }
    // A body without any type is no better.
    const untyped = await call("POST", `/api/signing/${packageId}/decline`, { headers: { cookie, "content-length": String(reason.length) }, body: new Blob([reason]) });
    expect(untyped.status).toBe(415);
    expect(await statusOf()).toBe("SENT");
  });

  it("a request another origin sent (another port, a sibling subdomain, another site) is refused: 403", async () => {
    const { packageId, cookie, statusOf } = await ceremony();
    const json = { cookie, "content-type": "application/json" };
    const attempts: Record<string, string>[] = [
      { "sec-fetch-site": "same-site" },
      { "sec-fetch-site": "cross-site" },
      { origin: "http://evil.example" },
      { origin: "http://signet.test:8443", "sec-fetch-site": "same-site" },
      { origin: "http://evil.example", "sec-fetch-site": "same-origin" },
      { origin: "null" },
    ];
    for (const headers of attempts) {
      for (const path of ["decline", "consent", "documents/doc1/sign", "lock"]) {
        const response = await call("POST", `/api/signing/${packageId}/${path}`, { headers: { ...json, ...headers }, body: reason });
        expect(response.status, `${path} ${JSON.stringify(headers)}`).toBe(403);
        expect(await response.json()).toMatchObject({ code: 403, name: "Forbidden", messageKey: "error.forbidden.crossSite" });
      }
    }
    const upload = await call("POST", `/api/signing/${packageId}/attachments/any`, { headers: { cookie, "sec-fetch-site": "same-site", "content-type": "multipart/form-data; boundary=x" }, body: "--x--" });
    expect(upload.status).toBe(403);
    const removal = await call("DELETE", `/api/signing/${packageId}/attachments/any/files/any`, { headers: { cookie, origin: "http://evil.example" } });
    expect(removal.status).toBe(403);
    expect(await statusOf()).toBe("SENT");
  });

  it("the ceremony's own pages, and programs that say nothing of their origin, go on", async () => {
    const { packageId, cookie, statusOf } = await ceremony();
    // Bodiless, untyped (the SDKs' calls): accepted.
    expect((await call("POST", `/api/signing/${packageId}/consent`, { headers: { cookie } })).status).toBe(204);
    // An upload route takes multipart, not JSON.
    const jsonUpload = await call("POST", `/api/signing/${packageId}/attachments/any`, { headers: { cookie }, json: {} });
    expect(jsonUpload.status).toBe(415);
    // Reads are not checked.
    expect((await call("GET", `/api/signing/${packageId}`, { headers: { cookie, "sec-fetch-site": "cross-site" } })).status).toBe(200);
    const declined = await call("POST", `/api/signing/${packageId}/decline`, {
      headers: { cookie, origin: "http://signet.test", "sec-fetch-site": "same-origin", "content-type": "application/json; charset=utf-8" },
      body: reason,
    });
    expect(declined.status).toBe(204);
    expect(await statusOf()).toBe("DECLINED");
  });
});
