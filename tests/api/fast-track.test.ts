import { randomInt } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { outboxMessages } from "@/lib/db/schema";
import { advanceClock, resetClock } from "@/lib/esign/clock";
import { call, callJson } from "../support/api-client";
import { makePdf, multipartBody } from "../support/pdfs";
import { outboxOf } from "../support/recorded";
import { seedAccount, type SeededAccount } from "../support/seed";

/**
 * Fast track (StartFastTrackExample): a template's public link; whoever holds it fills the
 * template's placeholders and gets a package of the template's sender, sent, with their signing
 * link. The SDK takes the token from the link after its last `=`.
 */

type Json = Record<string, unknown>;

async function createTemplate(account: SeededAccount): Promise<string> {
  const body = {
    name: "Fast track NDA",
    type: "TEMPLATE",
    roles: [
      { id: "Known", name: "Known", signers: [{ email: "known@example.test", firstName: "Kim", lastName: "Known" }] },
      { id: "Visitor", name: "Visitor", signers: [] },
    ],
    documents: [
      {
        id: "nda",
        name: "NDA",
        approvals: [
          { role: "Known", fields: [{ type: "SIGNATURE", subtype: "FULLNAME", page: 0, left: 100, top: 100, width: 200, height: 50 }] },
          { role: "Visitor", fields: [{ type: "SIGNATURE", subtype: "FULLNAME", page: 0, left: 400, top: 100, width: 200, height: 50 }] },
        ],
      },
    ],
  };
  const multipart = multipartBody(body, [{ name: "nda.pdf", bytes: await makePdf() }]);
  const { id } = await callJson<{ id: string }>("POST", "/api/packages", { key: account.apiKey, body: multipart.body, headers: { "content-type": multipart.contentType } });
  return id;
}

const visitor = [{ id: "Visitor", name: "Visitor", signers: [{ email: "vera@example.test", firstName: "Vera", lastName: "Visitor" }] }];
const tokenOf = (url: string) => url.split("=").pop()!;

describe("fast track", () => {
  it("answers the template's link, and makes a sent package of its sender for whoever fills the placeholder", async () => {
    const account = await seedAccount();
    const templateId = await createTemplate(account);
    const link = await callJson<{ url: string; packageId: string }>("GET", `/api/fastTrack/${templateId}/url?signing=true`, { key: account.apiKey });
    expect(link.url).toMatch(/\/fasttrack\?token=[A-Za-z0-9._-]+$/);
    expect(link.packageId).toBe(templateId);
    expect(link).not.toHaveProperty("roleId");
    // The same link every time: nothing to store, nothing to lose.
    expect((await callJson<{ url: string }>("GET", `/api/fastTrack/${templateId}/url?signing=true`, { key: account.apiKey })).url).toBe(link.url);

    // No credential: the link is the credential.
    const started = await callJson<{ url: string; packageId: string; roleId: string }>("POST", `/api/fastTrack?token=${tokenOf(link.url)}`, { json: visitor });
    expect(started.roleId).toBe("Visitor");
    expect(started.url).toContain("/access?sessionToken=");
    const pkg = await callJson<Json & { roles: { id: string; signers: Json[] }[]; sender: Json }>("GET", `/api/packages/${started.packageId}`, { key: account.apiKey });
    expect(pkg).toMatchObject({ name: "Fast track NDA", status: "SENT", type: "PACKAGE", sender: { email: account.email } });
    expect(pkg.roles.find((role) => role.id === "Visitor")!.signers).toEqual([expect.objectContaining({ email: "vera@example.test", firstName: "Vera" })]);
    expect(pkg.roles.find((role) => role.id === "Known")!.signers).toEqual([expect.objectContaining({ email: "known@example.test" })]);

    // The signing link opens the visitor's ceremony.
    const opened = await call("GET", new URL(started.url).pathname + new URL(started.url).search);
    expect(opened.status).toBe(303);
  });

  it("makes a draft with signing=false", async () => {
    const account = await seedAccount();
    const templateId = await createTemplate(account);
    const { url } = await callJson<{ url: string }>("GET", `/api/fastTrack/${templateId}/url?signing=false`, { key: account.apiKey });
    const started = await callJson<{ packageId: string; url: string }>("POST", `/api/fastTrack?token=${tokenOf(url)}`, { json: visitor });
    expect(await callJson<Json>("GET", `/api/packages/${started.packageId}`, { key: account.apiKey })).toMatchObject({ status: "DRAFT" });
    expect(started.url).toContain(`/packages/${started.packageId}`);
  });

  it("refuses a forged or altered token, a role that is no placeholder, a signer without e-mail, and a package instead of a template", async () => {
    const account = await seedAccount();
    const templateId = await createTemplate(account);
    const { url } = await callJson<{ url: string }>("GET", `/api/fastTrack/${templateId}/url`, { key: account.apiKey });
    const token = tokenOf(url);
    const start = (withToken: string, roles: unknown) => call("POST", `/api/fastTrack?token=${encodeURIComponent(withToken)}`, { json: roles });

    expect((await start(token.replace(".s.", ".d."), visitor)).status).toBe(404);
    expect((await start(`other${token}`, visitor)).status).toBe(404);
    expect((await start("nonsense", visitor)).status).toBe(404);
    const known = await start(token, [{ id: "Known", signers: [{ email: "mallory@example.test", firstName: "M", lastName: "M" }] }]);
    expect([known.status, (await known.json()).messageKey]).toEqual([400, "error.validation.fastTrackRole"]);
    const noEmail = await start(token, [{ id: "Visitor", signers: [{ firstName: "V", lastName: "V" }] }]);
    expect([noEmail.status, (await noEmail.json()).messageKey]).toEqual([400, "error.validation.fastTrackSigner"]);
    expect((await start(token, [])).status).toBe(400);

    const multipart = multipartBody({ name: "Plain", roles: [], documents: [{ name: "D" }] }, [{ name: "d.pdf", bytes: await makePdf() }]);
    const { id: packageId } = await callJson<{ id: string }>("POST", "/api/packages", { key: account.apiKey, body: multipart.body, headers: { "content-type": multipart.contentType } });
    expect((await call("GET", `/api/fastTrack/${packageId}/url?signing=true`, { key: account.apiKey })).status).toBe(400);

    // Another account cannot have this template's link.
    const stranger = await seedAccount();
    expect((await call("GET", `/api/fastTrack/${templateId}/url`, { key: stranger.apiKey })).status).toBe(404);
    // And once the template is gone, the link no longer works.
    const deleted = await call("DELETE", `/api/packages/${templateId}`, { key: account.apiKey });
    expect(deleted.status).toBeLessThan(300);
    const afterDelete = await start(token, visitor);
    expect([afterDelete.status, (await afterDelete.json()).messageKey]).toEqual([410, "error.gone.fastTrackTemplate"]);
  });
});

/** A client address of its own for each test: the per-address limit counts across accounts. */
const newAddress = () => `198.51.${randomInt(0, 256)}.${randomInt(1, 255)}`;

async function linkOf(account: SeededAccount, templateId?: string): Promise<string> {
  const id = templateId ?? (await createTemplate(account));
  return tokenOf((await callJson<{ url: string }>("GET", `/api/fastTrack/${id}/url?signing=true`, { key: account.apiKey })).url);
}

const startFrom = (token: string, address: string, email = `v${randomInt(1e9)}@example.test`) =>
  call("POST", `/api/fastTrack?token=${token}`, { json: [{ id: "Visitor", signers: [{ email, firstName: "Vera", lastName: "Visitor" }] }], headers: { "x-forwarded-for": address } });

async function packagesOf(account: SeededAccount): Promise<number> {
  return (await callJson<{ count: number }>("GET", "/api/packages?type=PACKAGE&from=1&to=100", { key: account.apiKey })).count;
}

/** Invitations e-mailed in the account's name (SIGNING_INVITATION) to whoever the callers named (not the template's own signer). */
async function invitationsOf(account: SeededAccount): Promise<number> {
  const db = await getDb();
  const invitations = await db.select().from(outboxMessages).where(and(eq(outboxMessages.accountId, account.accountId), eq(outboxMessages.kind, "SIGNING_INVITATION")));
  return invitations.filter((invitation) => invitation.to !== "known@example.test").length;
}

describe("fast track limits: an anonymous caller cannot make the account an open e-mail relay", () => {
  const saved = { ...process.env };
  afterEach(() => {
    for (const name of ["FAST_TRACK_PER_LINK_PER_HOUR", "FAST_TRACK_PER_ADDRESS_PER_HOUR", "FAST_TRACK_PER_ACCOUNT_PER_DAY"]) {
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
    resetClock();
  });

  it("40 requests at once from one address make only the address's limit of packages and e-mails; 429 with Retry-After for the rest", async () => {
    const account = await seedAccount();
    const token = await linkOf(account);
    const address = newAddress();
    const answers = await Promise.all(Array.from({ length: 40 }, () => startFrom(token, address)));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(30);
    const refused = answers.find((answer) => answer.status === 429)!;
    expect(await refused.json()).toMatchObject({ code: 429, messageKey: "error.tooManyRequests.fastTrack" });
    const wait = Number(refused.headers.get("retry-after"));
    expect(wait).toBeGreaterThan(3500);
    expect(wait).toBeLessThanOrEqual(3600);
    expect(await packagesOf(account)).toBe(10);
    expect(await invitationsOf(account)).toBe(10);

    // Another address still gets through; this one again once its hour has passed.
    expect((await startFrom(token, newAddress())).status).toBe(200);
    advanceClock(3601_000);
    expect((await startFrom(token, address)).status).toBe(200);
  });

  it("limits the template's links per hour and the account per day, whatever the addresses", async () => {
    process.env.FAST_TRACK_PER_LINK_PER_HOUR = "2";
    process.env.FAST_TRACK_PER_ACCOUNT_PER_DAY = "3";
    const account = await seedAccount();
    const first = await linkOf(account);
    expect((await startFrom(first, newAddress())).status).toBe(200);
    expect((await startFrom(first, newAddress())).status).toBe(200);
    const linkLimited = await startFrom(first, newAddress());
    expect(linkLimited.status).toBe(429);
    expect(Number(linkLimited.headers.get("retry-after"))).toBeLessThanOrEqual(3600);

    // A second template of the account has its own hourly count, but the day's is the account's.
    const second = await linkOf(account);
    expect((await startFrom(second, newAddress())).status).toBe(200);
    const dayLimited = await startFrom(second, newAddress());
    expect(dayLimited.status).toBe(429);
    expect(Number(dayLimited.headers.get("retry-after"))).toBeGreaterThan(23 * 3600);
    expect(await packagesOf(account)).toBe(3);

    // Another account is not held back by this one's limits.
    expect((await startFrom(await linkOf(await seedAccount()), newAddress())).status).toBe(200);
  });

  it("tells the template's owner once a day, with the limit, the count and what to do; not once per refusal", async () => {
    process.env.FAST_TRACK_PER_ADDRESS_PER_HOUR = "2";
    const account = await seedAccount();
    const templateId = await createTemplate(account);
    const token = await linkOf(account, templateId);
    const address = newAddress();
    for (let i = 0; i < 2; i++) expect((await startFrom(token, address)).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await startFrom(token, address)).status).toBe(429);

    const notices = await outboxOf(templateId, "FAST_TRACK_LIMITED");
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ to: account.email, accountId: account.accountId });
    expect(notices[0].subject).toBe('The fast track link of "Fast track NDA" reached its limit');
    expect(notices[0].text).toContain("one client address made 2 packages through fast track links within the last hour");
    expect(notices[0].text).toContain("in the last 24 hours: 2.");
    expect(notices[0].text).toContain("delete the template");

    // The next day's first refusal is told again.
    advanceClock(24 * 3600_000 + 1000);
    for (let i = 0; i < 2; i++) expect((await startFrom(token, address)).status).toBe(200);
    expect((await startFrom(token, address)).status).toBe(429);
    expect(await outboxOf(templateId, "FAST_TRACK_LIMITED")).toHaveLength(2);
  });
});

describe("fast track: what an anonymous caller may write into e-mails", () => {
  it("takes names, not messages: digits, links, addresses and line breaks in a name are refused", async () => {
    const account = await seedAccount();
    const token = await linkOf(account);
    const withName = (firstName: string) =>
      call("POST", `/api/fastTrack?token=${token}`, { json: [{ id: "Visitor", signers: [{ email: "vera@example.test", firstName, lastName: "Visitor" }] }], headers: { "x-forwarded-for": newAddress() } });
    for (const name of ["Win a prize at evil.example", "https://evil.example", "Call +1 555 0100", "Vera\nYour account is locked", "vera@evil.example", "www.evil.example", "V".repeat(65)]) {
      const refused = await withName(name);
      expect(refused.status, name).toBe(400);
    }
    expect(await packagesOf(account)).toBe(0);
    for (const name of ["Jean-Luc", "Mary O’Neil", "J. R. Smith Jr.", "J.R. Smith", "Smith, Jr.", "Zoë", "李小龍"]) expect((await withName(name)).status, name).toBe(200);
  });

  it("takes only what the original's FastTrackSigner has: no group members, authentication or delivery to other people", async () => {
    const account = await seedAccount();
    const token = await linkOf(account);
    const signer = { email: "vera@example.test", firstName: "Vera", lastName: "Visitor" };
    for (const extra of [
      { group: { members: [{ email: "a@example.test" }, { email: "b@example.test" }] } },
      { auth: { scheme: "SMS", challenges: [{ question: "+15550100" }] } },
      { delivery: { email: true } },
      { language: "fr" },
    ]) {
      const refused = await call("POST", `/api/fastTrack?token=${token}`, { json: [{ id: "Visitor", signers: [{ ...signer, ...extra }] }], headers: { "x-forwarded-for": newAddress() } });
      expect(refused.status, JSON.stringify(extra)).toBe(400);
    }
    const roleMessage = await call("POST", `/api/fastTrack?token=${token}`, { json: [{ id: "Visitor", emailMessage: "Urgent: click", signers: [signer] }], headers: { "x-forwarded-for": newAddress() } });
    expect(roleMessage.status).toBe(400);
    expect(await invitationsOf(account)).toBe(0);
    // The SDKs' own shape, nulls included, still works.
    const sdk = await call("POST", `/api/fastTrack?token=${token}`, { json: [{ id: "Visitor", name: "Visitor", signers: [{ id: null, ...signer }] }], headers: { "x-forwarded-for": newAddress() } });
    expect(sdk.status).toBe(200);
  });
});
