import { randomBytes } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { approvals, auditEvents, outboxMessages, packages, roleSigningStates, signingLinks, signingSessions } from "@/lib/db/schema";
import { advanceClock, now, resetClock } from "@/lib/esign/clock";
import { ServiceError } from "@/lib/esign/errors";
import { sendDueReminders } from "@/lib/esign/reminders/send-due-reminder";
import { signingTokenHash } from "@/lib/esign/signing/links/signing-token";
import { signingCookieName, signingSessionOf } from "@/lib/esign/signing/session";
import { notifySignersWhoseTurnItIs, rolesWhoseTurnItIs } from "@/lib/esign/signing/turns";
import { call, callJson } from "../support/api-client";
import { createPackageWithFiles, packagePayload, signer } from "../support/packages";
import { seedAccount, seedGroup, seedManager, seedSender, type SeededAccount } from "../support/seed";

afterEach(() => {
  resetClock();
  delete process.env.PUBLIC_URL;
});

type Payload = ReturnType<typeof packagePayload>;

interface ErrorBody {
  code: number;
  messageKey: string;
  message: string;
}

const TOKEN = /\/access\?sessionToken=([A-Za-z0-9_-]+)/;

async function invitations(packageId: string) {
  const db = await getDb();
  return db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.packageId, packageId), eq(outboxMessages.kind, "SIGNING_INVITATION")))
    .orderBy(asc(outboxMessages.created), asc(outboxMessages.to));
}

/** The token of the (only) invitation e-mailed to `to`. */
async function invitationToken(packageId: string, to: string): Promise<string> {
  const mails = (await invitations(packageId)).filter((mail) => mail.to === to);
  expect(mails, `invitations to ${to}`).toHaveLength(1);
  const match = TOKEN.exec(mails[0].text);
  expect(match, mails[0].text).not.toBeNull();
  return match![1];
}

async function states(packageId: string) {
  const db = await getDb();
  return db.select().from(roleSigningStates).where(eq(roleSigningStates.packageId, packageId)).orderBy(asc(roleSigningStates.roleId));
}

async function sentPackage(account: SeededAccount, payload: Payload | Record<string, unknown> = packagePayload()): Promise<string> {
  const id = await createPackageWithFiles(account.apiKey, payload);
  await callJson("PUT", `/api/packages/${id}`, { key: account.apiKey, json: { status: "SENT" } });
  return id;
}

function redeem(token: string, headers: Record<string, string> = {}): Promise<Response> {
  return call("GET", `/access?sessionToken=${token}`, { headers: { "user-agent": "TestBrowser/1.0", ...headers } });
}

/** The cookie a redeemed link sets, as the browser would send it back. */
function cookieOf(response: Response): string {
  const setCookie = response.headers.get("set-cookie");
  expect(setCookie).toBeTruthy();
  return setCookie!.split(";")[0];
}

function ceremonyRequest(packageId: string, cookie?: string): Request {
  return new Request(`http://signet.test/api/signing/${packageId}/anything`, { headers: cookie ? { cookie } : {} });
}

async function refusalOf(promise: Promise<unknown>): Promise<ServiceError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ServiceError);
  return error as ServiceError;
}

async function completeRole(packageId: string, roleId: string): Promise<void> {
  const db = await getDb();
  await db
    .update(roleSigningStates)
    .set({ completed: now() })
    .where(and(eq(roleSigningStates.packageId, packageId), eq(roleSigningStates.roleId, roleId)));
}

describe("invitations when a package is sent (spec 3.3)", () => {
  it("invites only the signers of the lowest index, then the next index once they have finished", async () => {
    const account = await seedAccount();
    const id = await sentPackage(account, { ...packagePayload({ signers: 2 }), emailMessage: "Please sign by Friday." });

    const first = await invitations(id);
    expect(first.map((mail) => mail.to)).toEqual(["signer1@example.test"]);
    expect(first[0].subject).toBe('Olive Owner asks you to sign "Contract"');
    expect(first[0].text).toContain("Please sign by Friday.");
    expect(first[0].text).toMatch(new RegExp(`http://localhost:3000/access\\?sessionToken=[A-Za-z0-9_-]{43}`));
    expect((await states(id)).map((state) => ({ roleId: state.roleId, notified: Boolean(state.notified) }))).toEqual([
      { roleId: "Signer1", notified: true },
      { roleId: "Signer2", notified: false },
    ]);
    const db = await getDb();
    expect(await rolesWhoseTurnItIs(db, id)).toEqual(["Signer1"]);

    // Nobody is invited twice, however often the turn is looked at.
    await db.transaction((tx) => notifySignersWhoseTurnItIs(tx, id));
    expect(await invitations(id)).toHaveLength(1);

    await completeRole(id, "Signer1");
    await db.transaction((tx) => notifySignersWhoseTurnItIs(tx, id));
    expect((await invitations(id)).map((mail) => mail.to)).toEqual(["signer1@example.test", "signer2@example.test"]);
    expect(await rolesWhoseTurnItIs(db, id)).toEqual(["Signer2"]);

    await completeRole(id, "Signer2");
    await db.transaction((tx) => notifySignersWhoseTurnItIs(tx, id));
    expect(await rolesWhoseTurnItIs(db, id)).toEqual([]);
    expect(await invitations(id)).toHaveLength(2);
  });

  it("invites every signer sharing the lowest index, each with a link of their own", async () => {
    const account = await seedAccount();
    const payload = packagePayload({ signers: 3 });
    payload.roles[1].index = 1;
    const id = await sentPackage(account, payload);
    expect((await invitations(id)).map((mail) => mail.to).sort()).toEqual(["signer1@example.test", "signer2@example.test"]);
    expect(await invitationToken(id, "signer1@example.test")).not.toBe(await invitationToken(id, "signer2@example.test"));
  });

  it("invites every member of a group signer, each with a link that says who opened it", async () => {
    const account = await seedAccount();
    const alice = await seedSender(account);
    const bob = await seedSender(account);
    const groupId = await seedGroup(account, { name: "Legal", email: `legal-${randomBytes(4).toString("hex")}@example.test` }, [alice.userId, bob.userId]);
    const payload = packagePayload({ signers: 1 });
    payload.roles[0].signers = [{ group: { id: groupId } } as never];
    const id = await sentPackage(account, payload);

    expect((await invitations(id)).map((mail) => mail.to).sort()).toEqual([alice.email, bob.email].sort());
    const db = await getDb();
    const links = await db.select().from(signingLinks).where(eq(signingLinks.packageId, id));
    expect(links.map((link) => ({ kind: link.kind, roleId: link.roleId, memberEmail: link.memberEmail })).sort((a, b) => a.memberEmail!.localeCompare(b.memberEmail!))).toEqual(
      [alice.email, bob.email].sort().map((email) => ({ kind: "INVITATION", roleId: "Signer1", memberEmail: email })),
    );

    const opened = await redeem(await invitationToken(id, bob.email));
    expect(opened.status).toBe(303);
    const session = await signingSessionOf(ceremonyRequest(id, cookieOf(opened)), id);
    expect(session).toMatchObject({ packageId: id, roleId: "Signer1", memberEmail: bob.email, hostUserId: null });
  });

  it("invites the signers of a package created directly as SENT, and the sender when they sign as Owner", async () => {
    const account = await seedAccount();
    const payload = packagePayload({ signers: 1, status: "SENT" });
    payload.roles.unshift({ id: "Owner", name: "Me", index: 1, type: "SIGNER", signers: [signer(9)] });
    payload.documents[0].approvals.push({ role: "Owner", fields: [{ type: "SIGNATURE", subtype: "FULLNAME", page: 0, top: 500, left: 100, width: 200, height: 50 }] });
    const id = await createPackageWithFiles(account.apiKey, payload);

    const [pkg] = await (await getDb()).select({ status: packages.status }).from(packages).where(eq(packages.id, id));
    expect(pkg.status).toBe("SENT");
    expect((await invitations(id)).map((mail) => mail.to).sort()).toEqual([account.email, "signer1@example.test"].sort());
    expect((await states(id)).map((state) => state.roleId)).toEqual(["Owner", "Signer1"]);
    const opened = await redeem(await invitationToken(id, account.email));
    expect((await signingSessionOf(ceremonyRequest(id, cookieOf(opened)), id)).roleId).toBe("Owner");
  });

  it("sends nothing when sending is refused, and nothing for a DRAFT", async () => {
    const account = await seedAccount();
    const draft = await createPackageWithFiles(account.apiKey, packagePayload());
    expect(await invitations(draft)).toEqual([]);
    expect(await states(draft)).toEqual([]);

    const noSigner = await createPackageWithFiles(account.apiKey, { ...packagePayload(), roles: [{ id: "Signer1", type: "SIGNER", signers: [] }] });
    await callJson("PUT", `/api/packages/${noSigner}`, { key: account.apiKey, json: { status: "SENT" }, expect: 422 });
    expect(await invitations(noSigner)).toEqual([]);
    expect(await states(noSigner)).toEqual([]);
  });
});

describe("GET /access?sessionToken=...", () => {
  it("turns an invitation link into an http-only session cookie and goes on to the ceremony", async () => {
    const account = await seedAccount();
    const id = await sentPackage(account);
    const response = await redeem(await invitationToken(id, "signer1@example.test"), { "x-forwarded-for": "203.0.113.9, 10.0.0.1" });

    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`/sign/${id}`);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const setCookie = response.headers.get("set-cookie")!;
    expect(setCookie).toMatch(new RegExp(`^${signingCookieName(id)}=[A-Za-z0-9_-]{43}; Path=/; Max-Age=\\d+; Expires=`));
    const maxAge = Number(/Max-Age=(\d+)/.exec(setCookie)![1]);
    expect(maxAge).toBeGreaterThan(8 * 3600 - 60);
    expect(maxAge).toBeLessThanOrEqual(8 * 3600);
    expect(setCookie).toContain("HttpOnly");
    expect(setCookie).toContain("SameSite=Lax");
    expect(setCookie).not.toContain("Secure");

    const session = await signingSessionOf(ceremonyRequest(id, `other=1; ${cookieOf(response)}`), id);
    expect(session).toMatchObject({ packageId: id, roleId: "Signer1", memberEmail: null, ipAddress: "203.0.113.9", userAgent: "TestBrowser/1.0" });

    // Only the hash is kept, of the link's token as of the session's.
    const db = await getDb();
    const [row] = await db.select().from(signingSessions).where(eq(signingSessions.id, session.id));
    expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(cookieOf(response)).not.toContain(row.tokenHash);
    // An invitation opens as often as needed.
    expect((await redeem(await invitationToken(id, "signer1@example.test"))).status).toBe(303);
  });

  it("marks the cookie Secure, and SameSite=None and Partitioned for embedding frames, when the service is served over https", async () => {
    process.env.PUBLIC_URL = "https://sign.example.test";
    const account = await seedAccount();
    const id = await sentPackage(account);
    expect(await invitationToken(id, "signer1@example.test")).toBeTruthy();
    expect((await invitations(id))[0].text).toContain("https://sign.example.test/access?sessionToken=");
    const response = await redeem(await invitationToken(id, "signer1@example.test"));
    expect(response.headers.get("set-cookie")).toMatch(/; HttpOnly; SameSite=None; Secure; Partitioned$/);
  });

  it("refuses an unknown, malformed or missing token with a readable 404 page", async () => {
    for (const path of [`/access?sessionToken=${"A".repeat(43)}`, "/access?sessionToken=%3Cscript%3E", "/access"]) {
      const response = await call("GET", path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(response.headers.get("set-cookie")).toBeNull();
      const html = await response.text();
      expect(html).toContain("This link does not work");
      expect(html).not.toContain("<script>");
    }
  });

  it("has no session without the cookie, with another package's cookie, or once it has ended (401)", async () => {
    const account = await seedAccount();
    const id = await sentPackage(account);
    const other = await sentPackage(account);
    const cookie = cookieOf(await redeem(await invitationToken(id, "signer1@example.test")));

    const attempts: [Request, string][] = [
      [ceremonyRequest(id), id],
      [ceremonyRequest(id, `${signingCookieName(id)}=${"B".repeat(43)}`), id],
      // The session of one package opens no other.
      [ceremonyRequest(other, cookie.replace(signingCookieName(id), signingCookieName(other))), other],
    ];
    for (const [request, packageId] of attempts) {
      const refusal = await refusalOf(signingSessionOf(request, packageId));
      expect(refusal.status).toBe(401);
      expect(refusal.messageKey).toBe("error.unauthorised.noSigningSession");
    }
    expect((await signingSessionOf(ceremonyRequest(id, cookie), id)).roleId).toBe("Signer1");
    advanceClock(8 * 3_600_000 + 1000);
    expect((await refusalOf(signingSessionOf(ceremonyRequest(id, cookie), id))).status).toBe(401);
  });

  it("answers 409 for a session whose package is no longer out for signing", async () => {
    const account = await seedAccount();
    const id = await sentPackage(account);
    const cookie = cookieOf(await redeem(await invitationToken(id, "signer1@example.test")));
    await callJson("PUT", `/api/packages/${id}`, { key: account.apiKey, json: { trashed: true } });
    const refusal = await refusalOf(signingSessionOf(ceremonyRequest(id, cookie), id));
    expect(refusal.status).toBe(409);
    expect(refusal.messageKey).toBe("error.conflict.packageNotSent");
  });

  it("opens a single-use token once (410 the second time, even when both arrive at once)", async () => {
    const account = await seedAccount();
    const id = await sentPackage(account);
    const { value } = await callJson<{ value: string }>("POST", "/api/authenticationTokens/signer/singleUse", {
      key: account.apiKey,
      json: { packageId: id, signerId: "Signer1" },
    });
    expect((await redeem(value)).status).toBe(303);
    const again = await redeem(value);
    expect(again.status).toBe(410);
    expect(await again.text()).toContain("could be used only once");

    const racing = await callJson<{ value: string }>("POST", "/api/authenticationTokens/signer/singleUse", {
      key: account.apiKey,
      json: { packageId: id, signerId: "Signer1" },
    });
    const statuses = (await Promise.all([redeem(racing.value), redeem(racing.value), redeem(racing.value)])).map((response) => response.status).sort();
    expect(statuses).toEqual([303, 410, 410]);
  });

  it("kills every link (kept, marked cancelled) and session when the package goes back to DRAFT; sending again invites anew", async () => {
    const account = await seedAccount();
    const id = await sentPackage(account);
    const invitation = await invitationToken(id, "signer1@example.test");
    const { value: multi } = await callJson<{ value: string }>("POST", "/api/authenticationTokens/signer/multiUse", {
      key: account.apiKey,
      json: { packageId: id, signerId: "Signer1" },
    });
    const cookie = cookieOf(await redeem(multi));
    await completeRole(id, "Signer1");

    await callJson("PUT", `/api/packages/${id}`, { key: account.apiKey, json: { status: "DRAFT" } });
    const db = await getDb();
    expect(await states(id)).toEqual([]);
    const links = await db.select().from(signingLinks).where(eq(signingLinks.packageId, id));
    expect(links.length).toBeGreaterThan(0);
    expect(links.every((link) => link.cancelled !== null && link.cancelReason === null)).toBe(true);
    expect(await db.select().from(signingSessions).where(eq(signingSessions.packageId, id))).toEqual([]);
    for (const token of [invitation, multi]) expect((await redeem(token)).status).toBe(410);
    expect((await refusalOf(signingSessionOf(ceremonyRequest(id, cookie), id))).status).toBe(401);

    await callJson("PUT", `/api/packages/${id}`, { key: account.apiKey, json: { status: "SENT" } });
    const mails = (await invitations(id)).filter((mail) => mail.to === "signer1@example.test");
    expect(mails).toHaveLength(2);
    const fresh = TOKEN.exec(mails[1].text)![1];
    expect(fresh).not.toBe(invitation);
    expect((await redeem(fresh)).status).toBe(303);
    expect((await redeem(invitation)).status).toBe(410);
  });

  it("refuses (410) the links of a signer who has finished, and of a package that is no longer SENT", async () => {
    const account = await seedAccount();
    const payload = packagePayload({ signers: 2 });
    payload.roles[1].index = 1;
    const id = await sentPackage(account, payload);
    const first = await invitationToken(id, "signer1@example.test");
    const second = await invitationToken(id, "signer2@example.test");

    await completeRole(id, "Signer1");
    const finished = await redeem(first);
    expect(finished.status).toBe(410);
    expect(await finished.text()).toContain("You have finished signing");
    expect((await redeem(second)).status).toBe(303);

    const db = await getDb();
    await db.update(packages).set({ status: "COMPLETED", completed: now() }).where(eq(packages.id, id));
    const complete = await redeem(second);
    expect(complete.status).toBe(410);
    expect(await complete.text()).toContain("is complete");

    await db.update(packages).set({ status: "SENT", trashed: true }).where(eq(packages.id, id));
    expect((await redeem(second)).status).toBe(410);
  });
});

describe("reminders", () => {
  it("carry a link of their own that opens the signer's ceremony, for each member of a group", async () => {
    const account = await seedAccount();
    const member = await seedSender(account);
    const groupId = await seedGroup(account, { name: "Finance", email: `finance-${randomBytes(4).toString("hex")}@example.test` }, [member.userId]);
    const payload = packagePayload({ signers: 2 });
    payload.roles[1].index = 1;
    payload.roles[1].signers = [{ group: { id: groupId } } as never];
    const id = await createPackageWithFiles(account.apiKey, payload);
    await callJson("POST", `/api/packages/${id}/reminders`, { key: account.apiKey, json: { startInDaysDelay: 1, intervalInDays: 1, repetitionsCount: 1 }, expect: 201 });
    await callJson("PUT", `/api/packages/${id}`, { key: account.apiKey, json: { status: "SENT" } });
    advanceClock(24 * 3_600_000 + 60_000);
    expect(await sendDueReminders(now(), { accountIds: [account.accountId] })).toBe(1);

    const db = await getDb();
    const reminders = await db.select().from(outboxMessages).where(and(eq(outboxMessages.packageId, id), eq(outboxMessages.kind, "REMINDER")));
    expect(reminders.map((mail) => mail.to).sort()).toEqual([member.email, "signer1@example.test"].sort());
    for (const mail of reminders) {
      const token = TOKEN.exec(mail.text)![1];
      expect(token).not.toBe(await invitationToken(id, mail.to));
      const session = await signingSessionOf(ceremonyRequest(id, cookieOf(await redeem(token))), id);
      expect(session).toMatchObject(mail.to === member.email ? { roleId: "Signer2", memberEmail: member.email } : { roleId: "Signer1", memberEmail: null });
    }
  });
});

describe("signer authentication tokens", () => {
  for (const kind of ["multiUse", "singleUse"] as const) {
    it(`POST /api/authenticationTokens/signer/${kind}: {packageId, signerId, value}, and its refusals`, async () => {
      const account = await seedAccount();
      const id = await sentPackage(account);
      const path = `/api/authenticationTokens/signer/${kind}`;
      const token = await callJson<Record<string, string>>("POST", path, { key: account.apiKey, json: { packageId: id, signerId: "Signer2", sessionFields: {} } });
      expect(token).toEqual({ packageId: id, signerId: "Signer2", value: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
      // Not Signer2's turn yet: the token still opens the ceremony, which shows where things stand.
      const opened = await redeem(token.value);
      expect(opened.status).toBe(303);
      expect((await signingSessionOf(ceremonyRequest(id, cookieOf(opened)), id)).roleId).toBe("Signer2");
      const [link] = await (await getDb()).select().from(signingLinks).where(eq(signingLinks.tokenHash, signingTokenHash(token.value)));
      expect(link).toMatchObject({ kind: kind === "multiUse" ? "MULTI_USE" : "SINGLE_USE", roleId: "Signer2", memberEmail: null });

      const draft = await createPackageWithFiles(account.apiKey, packagePayload());
      const inDraft = await callJson<ErrorBody>("POST", path, { key: account.apiKey, json: { packageId: draft, signerId: "Signer1" }, expect: 409 });
      expect(inDraft.messageKey).toBe("error.conflict.packageNotSent");
      expect(inDraft.message).toContain("DRAFT");
      expect((await callJson<ErrorBody>("POST", path, { key: account.apiKey, json: { packageId: id, signerId: "Nobody" }, expect: 404 })).messageKey).toBe(
        "error.notFound.roleNotFound",
      );
      const senderRole = (await callJson<{ roles: { id: string; type: string }[] }>("GET", `/api/packages/${id}`, { key: account.apiKey })).roles.find(
        (role) => role.type === "SENDER",
      )!;
      expect((await callJson<ErrorBody>("POST", path, { key: account.apiKey, json: { packageId: id, signerId: senderRole.id }, expect: 422 })).messageKey).toBe(
        "error.validation.roleNotSigner",
      );
      expect((await callJson<ErrorBody>("POST", path, { key: account.apiKey, json: { packageId: id }, expect: 400 })).message).toContain("signerId");

      const stranger = await seedAccount();
      expect((await callJson<ErrorBody>("POST", path, { key: stranger.apiKey, json: { packageId: id, signerId: "Signer1" }, expect: 404 })).messageKey).toBe(
        "error.notFound.packageNotFound",
      );
      const colleague = await seedSender(account);
      await callJson("POST", path, { key: colleague.apiKey, json: { packageId: id, signerId: "Signer1" }, expect: 404 });
      expect((await call("POST", path, { json: { packageId: id, signerId: "Signer1" } })).status).toBe(401);
    });
  }

  it("takes the signer's own id as signerId when the client chose one", async () => {
    const account = await seedAccount();
    const payload = packagePayload({ signers: 1 });
    payload.roles[0].signers = [{ ...signer(1), id: "client-signer-7" } as never];
    const id = await sentPackage(account, payload);
    const token = await callJson<Record<string, string>>("POST", "/api/authenticationTokens/signer/multiUse", {
      key: account.apiKey,
      json: { packageId: id, signerId: "client-signer-7" },
    });
    expect(token.signerId).toBe("client-signer-7");
    expect((await signingSessionOf(ceremonyRequest(id, cookieOf(await redeem(token.value))), id)).roleId).toBe("Signer1");
  });
});

describe("GET /api/packages/{id}/roles/{roleId}/signingUrl", () => {
  it("answers {packageId, roleId, url}, a fresh multi-use link each time", async () => {
    process.env.PUBLIC_URL = "https://sign.example.test/";
    const account = await seedAccount();
    const id = await sentPackage(account);
    const answer = await callJson<Record<string, string>>("GET", `/api/packages/${id}/roles/Signer1/signingUrl`, { key: account.apiKey });
    expect(answer).toEqual({ packageId: id, roleId: "Signer1", url: expect.stringMatching(/^https:\/\/sign\.example\.test\/access\?sessionToken=[A-Za-z0-9_-]{43}$/) });
    const again = await callJson<Record<string, string>>("GET", `/api/packages/${id}/roles/Signer1/signingUrl`, { key: account.apiKey });
    expect(again.url).not.toBe(answer.url);
    const token = TOKEN.exec(answer.url)![1];
    expect((await redeem(token)).status).toBe(303);
    expect((await redeem(token)).status).toBe(303);
  });

  it("is refused in DRAFT (409), for an unknown role (404), to another account (404) and without a key (401)", async () => {
    const account = await seedAccount();
    const draft = await createPackageWithFiles(account.apiKey, packagePayload());
    const inDraft = await callJson<ErrorBody>("GET", `/api/packages/${draft}/roles/Signer1/signingUrl`, { key: account.apiKey, expect: 409 });
    expect(inDraft.messageKey).toBe("error.conflict.packageNotSent");
    expect(inDraft.message).toMatch(/DRAFT.*send it first/i);

    const id = await sentPackage(account);
    expect((await callJson<ErrorBody>("GET", `/api/packages/${id}/roles/Nobody/signingUrl`, { key: account.apiKey, expect: 404 })).messageKey).toBe(
      "error.notFound.roleNotFound",
    );
    const stranger = await seedAccount();
    await callJson("GET", `/api/packages/${id}/roles/Signer1/signingUrl`, { key: stranger.apiKey, expect: 404 });
    expect((await call("GET", `/api/packages/${id}/roles/Signer1/signingUrl`)).status).toBe(401);
    // A manager who follows the account's senders may read the package, and so ask for its links.
    const manager = await seedManager(account);
    await callJson("GET", `/api/packages/${id}/roles/Signer1/signingUrl`, { key: manager.apiKey });
  });
});

describe("GET /api/packages/{id}/signingStatus", () => {
  const statusOf = async (account: SeededAccount, id: string, query = "") =>
    (await callJson<{ status: string }>("GET", `/api/packages/${id}/signingStatus${query}`, { key: account.apiKey })).status;

  /** Signs the role's approvals (on one document, or all of them, which finishes the role as the ceremony would). */
  async function sign(id: string, roleId: string, documentId?: string) {
    const db = await getDb();
    const where = and(eq(approvals.packageId, id), eq(approvals.roleId, roleId), documentId ? eq(approvals.documentId, documentId) : undefined);
    await db.update(approvals).set({ signed: now() }).where(where);
    if (!documentId) await completeRole(id, roleId);
  }

  it("follows the package, a signer and a document through signing", async () => {
    const account = await seedAccount();
    const payload = packagePayload({ signers: 2, documents: ["Agreement", "Annex"] });
    payload.documents[1].approvals.push({ role: "Signer2", fields: [{ type: "SIGNATURE", subtype: "FULLNAME", page: 1, top: 600, left: 100, width: 200, height: 50 }] });
    const id = await createPackageWithFiles(account.apiKey, payload);
    expect(await statusOf(account, id)).toBe("DRAFT");
    expect(await statusOf(account, id, "?signer=Signer1")).toBe("DRAFT");

    await callJson("PUT", `/api/packages/${id}`, { key: account.apiKey, json: { status: "SENT" } });
    expect(await statusOf(account, id)).toBe("SIGNING_PENDING");
    expect(await statusOf(account, id, "?signer=Signer1")).toBe("SIGNING_PENDING");
    expect(await statusOf(account, id, "?document=doc1")).toBe("SIGNING_PENDING");

    await sign(id, "Signer1");
    expect(await statusOf(account, id, "?signer=Signer1")).toBe("SIGNING_COMPLETED");
    expect(await statusOf(account, id, "?signer=Signer2")).toBe("SIGNING_PENDING");
    expect(await statusOf(account, id, "?document=doc1")).toBe("SIGNING_COMPLETED");
    expect(await statusOf(account, id, "?document=doc2")).toBe("SIGNING_PENDING");
    expect(await statusOf(account, id, "?document=doc2&signer=Signer1")).toBe("SIGNING_COMPLETED");
    expect(await statusOf(account, id, "?document=default-consent")).toBe("SIGNING_PENDING");
    expect(await statusOf(account, id)).toBe("SIGNING_PENDING");

    // Signer2's approval on the annex is optional and left blank: done once Signer2 has finished (accepted the consent).
    const db = await getDb();
    await db.update(approvals).set({ optional: true }).where(and(eq(approvals.packageId, id), eq(approvals.roleId, "Signer2"), eq(approvals.documentId, "doc2")));
    expect(await statusOf(account, id, "?document=doc2")).toBe("SIGNING_PENDING");
    expect(await statusOf(account, id, "?signer=Signer2")).toBe("SIGNING_PENDING");
    await db.update(approvals).set({ accepted: now() }).where(and(eq(approvals.packageId, id), eq(approvals.roleId, "Signer2"), eq(approvals.documentId, "default-consent")));
    // Everything required is accepted, but the role finishes only when its completion is recorded (an attachment may still be owed).
    expect(await statusOf(account, id, "?signer=Signer2")).toBe("SIGNING_PENDING");
    await completeRole(id, "Signer2");
    expect(await statusOf(account, id, "?signer=Signer2")).toBe("SIGNING_COMPLETED");
    expect(await statusOf(account, id, "?document=doc2")).toBe("SIGNING_COMPLETED");
    expect(await statusOf(account, id, "?document=default-consent")).toBe("SIGNING_COMPLETED");
    expect(await statusOf(account, id)).toBe("SIGNING_COMPLETED");

    for (const status of ["COMPLETED", "ARCHIVED", "DECLINED", "OPTED_OUT", "EXPIRED"]) {
      await db.update(packages).set({ status }).where(eq(packages.id, id));
      expect(await statusOf(account, id)).toBe(status);
      expect(await statusOf(account, id, "?signer=Signer1&document=doc1")).toBe(status);
    }
    await callJson("PUT", `/api/packages/${id}`, { key: account.apiKey, json: { trashed: true } });
    expect(await statusOf(account, id)).toBe("DELETED");
  });

  it("counts a role finished by its completion even before its approvals say so", async () => {
    const account = await seedAccount();
    const id = await sentPackage(account, packagePayload({ signers: 1 }));
    expect(await statusOf(account, id, "?signer=Signer1")).toBe("SIGNING_PENDING");
    await completeRole(id, "Signer1");
    expect(await statusOf(account, id, "?signer=Signer1")).toBe("SIGNING_COMPLETED");
    expect(await statusOf(account, id, "?document=doc1")).toBe("SIGNING_COMPLETED");
    expect(await statusOf(account, id)).toBe("SIGNING_COMPLETED");
    // As the Java SDK asks for the whole package: empty parameters are no parameters.
    expect(await statusOf(account, id, "?signer=&document=")).toBe("SIGNING_COMPLETED");
  });

  it("answers 404 for an unknown signer, document or package, and 401 without a key", async () => {
    const account = await seedAccount();
    const id = await sentPackage(account);
    expect((await callJson<ErrorBody>("GET", `/api/packages/${id}/signingStatus?signer=Nobody`, { key: account.apiKey, expect: 404 })).messageKey).toBe(
      "error.notFound.roleNotFound",
    );
    expect((await callJson<ErrorBody>("GET", `/api/packages/${id}/signingStatus?document=nope`, { key: account.apiKey, expect: 404 })).messageKey).toBe(
      "error.notFound.documentNotFound",
    );
    const stranger = await seedAccount();
    await callJson("GET", `/api/packages/${id}/signingStatus`, { key: stranger.apiKey, expect: 404 });
    expect((await call("GET", `/api/packages/${id}/signingStatus`)).status).toBe(401);
  });
});

describe("POST /api/packages/{id}/roles/{roleId}/unlock", () => {
  async function lock(id: string, roleId: string) {
    const db = await getDb();
    await db
      .update(roleSigningStates)
      .set({ signerLocked: now(), otpFailedAttempts: 5 })
      .where(and(eq(roleSigningStates.packageId, id), eq(roleSigningStates.roleId, roleId)));
  }

  async function unlockEvents(id: string) {
    const db = await getDb();
    return db.select().from(auditEvents).where(and(eq(auditEvents.packageId, id), eq(auditEvents.name, "SIGNER_UNLOCK")));
  }

  it("lets a locked signer try again: the lock and the failed attempts are cleared, and the role answered", async () => {
    const account = await seedAccount();
    const id = await sentPackage(account);
    await lock(id, "Signer1");
    const role = await callJson<{ id: string }>("POST", `/api/packages/${id}/roles/Signer1/unlock`, { key: account.apiKey });
    expect(role.id).toBe("Signer1");
    const state = (await states(id)).find((row) => row.roleId === "Signer1")!;
    expect(state).toMatchObject({ signerLocked: null, otpFailedAttempts: 0 });
    const events = await unlockEvents(id);
    expect(events.map((event) => ({ sessionUser: event.sessionUser, message: event.message }))).toEqual([{ sessionUser: account.userId, message: "role=Signer1" }]);

    // Unlocking a signer who is not locked changes nothing.
    await callJson("POST", `/api/packages/${id}/roles/Signer1/unlock`, { key: account.apiKey });
    expect(await unlockEvents(id)).toHaveLength(1);
  });

  it("changes nothing in DRAFT (the original's SDK unlocks a signer it has just added); is refused for an unknown role (404), to a non-owner (403) or another account (404), without a key (401)", async () => {
    const account = await seedAccount();
    const draft = await createPackageWithFiles(account.apiKey, packagePayload());
    expect((await callJson<{ id: string }>("POST", `/api/packages/${draft}/roles/Signer1/unlock`, { key: account.apiKey })).id).toBe("Signer1");
    expect(await unlockEvents(draft)).toHaveLength(0);
    const id = await sentPackage(account);
    await lock(id, "Signer1");
    await callJson("POST", `/api/packages/${id}/roles/Nobody/unlock`, { key: account.apiKey, expect: 404 });
    const manager = await seedManager(account);
    expect((await callJson<ErrorBody>("POST", `/api/packages/${id}/roles/Signer1/unlock`, { key: manager.apiKey, expect: 403 })).messageKey).toBe(
      "error.forbidden.notPackageOwner",
    );
    const stranger = await seedAccount();
    await callJson("POST", `/api/packages/${id}/roles/Signer1/unlock`, { key: stranger.apiKey, expect: 404 });
    expect((await call("POST", `/api/packages/${id}/roles/Signer1/unlock`)).status).toBe(401);
    expect((await states(id)).find((row) => row.roleId === "Signer1")!.signerLocked).not.toBeNull();
  });
});
