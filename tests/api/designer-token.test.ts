import { NextRequest } from "next/server";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { proxy } from "@/proxy";
import { designerPageGate } from "@/lib/console/designer-page-gate";
import { designerMayCall, designerReturnLink } from "@/lib/console/designer-scope";
import { proxyRequest } from "@/lib/console/proxy";
import { advanceClock, resetClock } from "@/lib/esign/clock";
import { call, callJson } from "../support/api-client";
import { serveApiOverHttp } from "../support/console-browser";
import { createPackageWithFiles, packagePayload } from "../support/packages";
import { seedAccount, seedSender, type SeededAccount } from "../support/seed";

/**
 * The embedded designer (the original's SenderAuthenticationToken and DesignerRedirectForPackageSender):
 * `POST /api/authenticationTokens/sender` for a DRAFT answers a single-use token; `/auth?senderAuthenticationToken=`
 * redeems it into a console session of the package's sender limited to that package's builder.
 * The browser side (another origin framing it, send, return URL) is e2e/console/embedded-designer.spec.ts.
 */

const saved = { AUTH_SECRET: process.env.AUTH_SECRET, ESIGN_API_URL: process.env.ESIGN_API_URL };
let service: Awaited<ReturnType<typeof serveApiOverHttp>>;

beforeAll(async () => {
  process.env.AUTH_SECRET = "designer-token-test-secret-0123456789";
  service = await serveApiOverHttp();
  process.env.ESIGN_API_URL = service.url;
});

afterAll(async () => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  await service.close();
});

afterEach(() => resetClock());

const issue = (apiKey: string, packageId: string, expect = 200) => callJson<{ packageId: string; value: string }>("POST", "/api/authenticationTokens/sender", { key: apiKey, json: { packageId }, expect });
const redeemJson = (token: string) => call("GET", `/auth?senderAuthenticationToken=${encodeURIComponent(token)}`, { headers: { accept: "application/json" } });

async function draftOf(owner: SeededAccount, extra: Record<string, unknown> = {}): Promise<string> {
  return createPackageWithFiles(owner.apiKey, { ...packagePayload({ name: "Designed", signers: 1 }), ...extra });
}

/** The designer session's cookie, from the JSON redemption (the SDK's getSessionIdForSenderAuthenticationToken). */
async function designerCookie(token: string): Promise<string> {
  const answer = await redeemJson(token);
  expect(answer.status).toBe(200);
  const { sessionToken } = (await answer.json()) as { sessionToken: string };
  expect(sessionToken).toEqual(expect.any(String));
  return `authjs.session-token=${sessionToken}`;
}

function throughProxy(cookie: string, path: string, init: { method?: string; json?: unknown } = {}): Promise<Response> {
  const headers: Record<string, string> = { host: "console.test", cookie, "sec-fetch-site": "same-origin" };
  if (init.json !== undefined) headers["content-type"] = "application/json";
  return proxyRequest(
    new Request(`http://console.test/proxy${path}`, { method: init.method ?? "GET", headers, body: init.json === undefined ? undefined : JSON.stringify(init.json) }),
  );
}

describe("the sender authentication token of a draft (the designer)", () => {
  it("is single use and answers a session limited to the package, which acts as the package's sender", async () => {
    const owner = await seedAccount("Designer account");
    const id = await draftOf(owner);
    const other = await draftOf(owner);
    const { packageId, value } = await issue(owner.apiKey, id);
    expect(packageId).toBe(id);
    expect(value).toMatch(/^[A-Za-z0-9_-]{40,}$/);

    const cookie = await designerCookie(value);
    // Used once: a second redemption is refused, as JSON and as a browser (to the sign-in page).
    const again = await redeemJson(value);
    expect(again.status).toBe(401);
    expect(await again.json()).toMatchObject({ code: 401, messageKey: "error.unauthorised.senderAuthenticationToken" });
    const browser = await call("GET", `/auth?senderAuthenticationToken=${value}&target=${encodeURIComponent(`http://x/designer/${id}`)}`, { headers: { accept: "text/html" } });
    expect(browser.status).toBe(303);
    expect(browser.headers.get("location")).toBe("/signin?reason=link");

    // The package: read and changed through the console's proxy.
    expect((await throughProxy(cookie, `/api/packages/${id}`)).status).toBe(200);
    const renamed = await throughProxy(cookie, `/api/packages/${id}`, { method: "PUT", json: { name: "Renamed in the designer" } });
    expect(renamed.status).toBe(200);
    expect(await callJson("GET", `/api/packages/${id}`, { key: owner.apiKey })).toMatchObject({ name: "Renamed in the designer" });
    expect((await throughProxy(cookie, "/api/session")).status).toBe(200);

    // Everything else: another package, the lists, the account, keys, a new package.
    for (const [method, path] of [
      ["GET", `/api/packages/${other}`],
      ["GET", "/api/packages?from=1&to=5"],
      ["POST", "/api/packages"],
      ["GET", `/api/account/senders/${owner.userId}/apiKey`],
      ["PATCH", "/api/account/admin/accountSettings/packageSettings"],
      ["GET", `/api/packages/${id}%2F..%2F${other}`],
      ["POST", "/api/authenticationTokens/user"],
    ] as const) {
      const refused = await throughProxy(cookie, path, { method, json: method === "GET" ? undefined : {} });
      expect(refused.status, `${method} ${path}`).toBe(403);
      expect(await refused.json()).toMatchObject({ code: 403, messageKey: "error.forbidden.designerSession" });
    }

    // The console's pages: the builder of this package only.
    const gate = (path: string) => designerPageGate(new Request(`http://console.test${path}`, { headers: { cookie } }), path);
    expect(await gate(`/packages/${id}/edit`)).toEqual({ kind: "builder", packageId: id });
    for (const page of [`/packages/${other}/edit`, `/packages/${id}`, "/packages", "/account/senders", "/templates", "/"]) {
      expect(await gate(page), page).toEqual({ kind: "refused" });
    }
    expect(await gate("/sign/x")).toEqual({ kind: "none" });
  });

  it("gets the builder and a 403 for every other console page from the request proxy, under any of Auth.js's cookie names", async () => {
    const owner = await seedAccount("Designer pages");
    const id = await draftOf(owner);
    const cookie = await designerCookie((await issue(owner.apiKey, id)).value);
    const token = cookie.slice("authjs.session-token=".length);
    const half = Math.ceil(token.length / 2);
    const page = (path: string, cookieHeader: string) => proxy(new NextRequest(`http://console.test${path}`, { headers: { cookie: cookieHeader, accept: "text/html" } }));
    for (const [what, cookieHeader] of [
      ["as signed in", cookie],
      // Auth.js splits a token of over about 4 KB into numbered cookies and reads them back joined.
      ["split in two cookies", `authjs.session-token.0=${token.slice(0, half)}; authjs.session-token.1=${token.slice(half)}`],
      // A junk cookie of the https name beside it; the console's own session check may read either.
      ["beside a junk __Secure- cookie", `__Secure-authjs.session-token=junk; ${cookie}`],
    ]) {
      for (const path of ["/packages", "/account/senders", "/profile", `/packages/${id}`]) {
        const refused = await page(path, cookieHeader);
        expect(refused.status, `${what}: ${path}`).toBe(403);
        expect(await refused.text()).toContain("Not available in this session");
      }
      const builder = await page(`/packages/${id}/edit`, cookieHeader);
      expect(builder.status, `${what}: the builder`).toBe(200);
      expect(builder.headers.get("content-security-policy"), what).toContain("frame-ancestors 'self'");
    }
    // No designer session: the page goes on with its security headers.
    const signedOut = await page("/packages", "");
    expect(signedOut.status).toBe(200);
    expect(signedOut.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  });

  it("signs in the package's sender, not the account manager who asked, and audits the designer's changes as the sender's", async () => {
    const owner = await seedAccount();
    const sender = await seedSender(owner);
    const id = await draftOf(sender);
    // As in DesignerRedirectForPackageSenderExample: the account manager asks for the sender's package.
    const { value } = await issue(owner.apiKey, id);
    const cookie = await designerCookie(value);
    const session = await throughProxy(cookie, "/api/session");
    expect(await session.json()).toMatchObject({ user: { id: sender.userId } });
    // Sent from the designer: the audit trail's Package Send is the sender's.
    expect((await throughProxy(cookie, `/api/packages/${id}`, { method: "PUT", json: { status: "SENT" } })).status).toBe(200);
    const audit = await callJson<{ "audit-events": { user: string; "user-email": string; type: string }[] }>("GET", `/api/packages/${id}/audit?events=all`, { key: sender.apiKey });
    const send = audit["audit-events"].find((event) => event.type === "Package Send");
    expect(send).toMatchObject({ "user-email": sender.email });

    // Another sender of the account (not a manager) may not ask for it.
    const colleague = await seedSender(owner);
    const other = await draftOf(sender);
    const refused = await call("POST", "/api/authenticationTokens/sender", { key: colleague.apiKey, json: { packageId: other } });
    expect([403, 404]).toContain(refused.status);
  });

  it("expires after 30 minutes and is no plain sign-in; it stops working when the package is no longer a draft", async () => {
    const owner = await seedAccount();
    const id = await draftOf(owner);
    const { value: late } = await issue(owner.apiKey, id);
    advanceClock(31 * 60_000);
    expect((await redeemJson(late)).status).toBe(401);
    resetClock();

    // Not a user authentication token: the console's plain sign-in refuses it.
    const { value: designer } = await issue(owner.apiKey, id);
    expect((await call("POST", "/api/signin/authenticationToken", { json: { authenticationToken: designer } })).status).toBe(401);
    // Nor a ceremony: /access does not know it.
    expect((await call("GET", `/access?senderAuthenticationToken=${designer}`)).status).toBeGreaterThanOrEqual(400);

    const { value: beforeSending } = await issue(owner.apiKey, id);
    await callJson("POST", `/api/packages/${id}`, { key: owner.apiKey, json: { status: "SENT" }, expect: 200 }).catch(() => callJson("PUT", `/api/packages/${id}`, { key: owner.apiKey, json: { status: "SENT" } }));
    expect((await redeemJson(beforeSending)).status).toBe(401);
  });

  it("keeps hosting in person for a SENT package, and refuses other states and unknown packages", async () => {
    const owner = await seedAccount();
    const sent = await draftOf(owner, { status: "SENT" });
    // A sent package not set for in-person signing: the hosting refusal, as before.
    expect(await issue(owner.apiKey, sent, 409)).toMatchObject({ messageKey: "error.conflict.notInPerson" });
    const inPerson = await draftOf(owner, { status: "SENT", settings: { ceremony: { inPerson: true } } });
    const { value } = await issue(owner.apiKey, inPerson);
    const hosted = await call("GET", `/access?senderAuthenticationToken=${value}`);
    expect(hosted.status).toBe(303);
    expect(hosted.headers.get("location")).toBe(`/sign/${inPerson}`);
    expect(await issue(owner.apiKey, "no-such-package", 404)).toMatchObject({ code: 404 });
  });

  it("returns to the package's hand-over link, an http(s) URL, with the package and what happened", async () => {
    const owner = await seedAccount();
    const id = await draftOf(owner, { settings: { ceremony: { handOver: { href: "https://portal.example.com/done?x=1", text: "Back", title: "Back" } } } });
    const { value } = await issue(owner.apiKey, id);
    const answer = await callJson<{ packageId: string; returnUrl: string | null; user: { id: string } }>("POST", "/api/signin/senderAuthenticationToken", { json: { senderAuthenticationToken: value } });
    expect(answer).toMatchObject({ packageId: id, returnUrl: "https://portal.example.com/done?x=1", user: { id: owner.userId } });
    expect(designerReturnLink(answer.returnUrl!, id, "PACKAGE_SEND")).toBe(`https://portal.example.com/done?x=1&package=${id}&status=PACKAGE_SEND`);

    const bare = await draftOf(owner);
    const { value: none } = await issue(owner.apiKey, bare);
    expect(await callJson("POST", "/api/signin/senderAuthenticationToken", { json: { senderAuthenticationToken: none } })).toMatchObject({ returnUrl: null });
  });
});

describe("the designer session's key, at the service", () => {
  it("acts on its package and the builder's reads only: the service answers 403 to anything else, whoever forwards it", async () => {
    const owner = await seedAccount("Designer key account");
    const id = await draftOf(owner);
    const other = await draftOf(owner);
    const { value } = await issue(owner.apiKey, id);
    const { apiKey } = await callJson<{ apiKey: string }>("POST", "/api/signin/senderAuthenticationToken", { json: { senderAuthenticationToken: value } });

    // Its package, every verb, and the reads the builder makes.
    expect((await callJson<{ id: string }>("GET", `/api/packages/${id}`, { key: apiKey })).id).toBe(id);
    await callJson("PUT", `/api/packages/${id}`, { key: apiKey, json: { name: "Named by the designer key" } });
    expect((await call("GET", `/api/packages/${id}/roles/`, { key: apiKey })).status).toBe(200);
    for (const path of ["/api/session", "/api/account/senders", "/api/groups", "/api/account/admin/accountSettings", "/api/account/customfields", "/api/layouts"]) {
      expect((await call("GET", path, { key: apiKey })).status, path).toBe(200);
    }

    // Anything else, straight to the service (no console in between): 403 with the reason.
    for (const [method, path] of [
      ["GET", `/api/packages/${other}`],
      ["PUT", `/api/packages/${other}`],
      ["GET", "/api/packages?from=1&to=5"],
      ["POST", "/api/packages"],
      ["GET", `/api/packages/${id}%2F..%2F${other}`],
      ["GET", `/api/account/senders/${owner.userId}/apiKey`],
      ["POST", "/api/account/senders"],
      ["PATCH", "/api/account/admin/accountSettings/packageSettings"],
      ["POST", "/api/authenticationTokens/user"],
      ["POST", "/api/authenticationTokens/sender"],
      ["GET", "/api/account/auditEvents"],
    ] as const) {
      const refused = await call(method, path, { key: apiKey, json: method === "GET" ? undefined : {} });
      expect(refused.status, `${method} ${path}`).toBe(403);
      const body = (await refused.json()) as { messageKey: string; message: string };
      expect(body.messageKey, `${method} ${path}`).toBe("error.forbidden.designerSession");
      expect(body.message).toContain(`embedded designer of package ${id}`);
    }
    expect(await callJson("GET", `/api/packages/${other}`, { key: owner.apiKey })).toMatchObject({ name: "Designed" });

    // The sender's ordinary sign-in (a user authentication token) is not limited: the scope is the designer key's.
    const { value: userToken } = await callJson<{ value: string }>("POST", "/api/authenticationTokens/user", { key: owner.apiKey });
    const signedIn = await callJson<{ apiKey: string }>("POST", "/api/signin/authenticationToken", { json: { authenticationToken: userToken } });
    expect(signedIn.apiKey).not.toBe(apiKey);
    expect((await call("GET", `/api/packages/${other}`, { key: signedIn.apiKey })).status).toBe(200);
  });

  it("cannot change the password, and goes with the sign-in keys when the password changes", async () => {
    const owner = await seedAccount();
    const id = await draftOf(owner);
    const { value } = await issue(owner.apiKey, id);
    const { apiKey } = await callJson<{ apiKey: string }>("POST", "/api/signin/senderAuthenticationToken", { json: { senderAuthenticationToken: value } });
    const change = { currentPassword: "correct-horse-42", newPassword: "brand-new-pass-7" };
    expect((await callJson<{ messageKey: string }>("POST", "/api/user/password", { key: apiKey, json: change, expect: 403 })).messageKey).toBe("error.forbidden.designerSession");
    await callJson("POST", "/api/user/password", { key: owner.apiKey, json: change });
    expect((await call("GET", `/api/packages/${id}`, { key: apiKey })).status).toBe(401);
  });

  it("stops working after the console session's 8 hours", async () => {
    const owner = await seedAccount();
    const id = await draftOf(owner);
    const { value } = await issue(owner.apiKey, id);
    const { apiKey } = await callJson<{ apiKey: string }>("POST", "/api/signin/senderAuthenticationToken", { json: { senderAuthenticationToken: value } });
    advanceClock(7 * 3_600_000);
    expect((await call("GET", `/api/packages/${id}`, { key: apiKey })).status).toBe(200);
    advanceClock(2 * 3_600_000);
    expect((await call("GET", `/api/packages/${id}`, { key: apiKey })).status).toBe(401);
  });
});

describe("the designer session's scope", () => {
  it("forwards its package and a few reads, nothing else", () => {
    expect(designerMayCall("p1", "GET", "/api/packages/p1")).toBe(true);
    expect(designerMayCall("p1", "POST", "/api/packages/p1/documents")).toBe(true);
    expect(designerMayCall("p1", "DELETE", "/api/packages/p1/roles/r1?x=1")).toBe(true);
    expect(designerMayCall("p1", "GET", "/api/packages/p10")).toBe(false);
    expect(designerMayCall("p1", "GET", "/api/packages/p1/../p2")).toBe(false);
    expect(designerMayCall("p1", "GET", "/api/packages/p1%2F..%2Fp2")).toBe(false);
    expect(designerMayCall("p1", "GET", "/api/session")).toBe(true);
    expect(designerMayCall("p1", "POST", "/api/session")).toBe(false);
    expect(designerMayCall("p1", "GET", "/api/account/admin/accountSettings")).toBe(true);
    expect(designerMayCall("p1", "PATCH", "/api/account/admin/accountSettings")).toBe(false);
  });
});
