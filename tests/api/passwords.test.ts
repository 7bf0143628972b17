import { randomBytes, randomInt } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { outboxMessages, passwordResetTokens } from "@/lib/db/schema";
import { advanceClock, resetClock } from "@/lib/esign/clock";
import { call, callJson } from "../support/api-client";
import { seedAccount, seedSender } from "../support/seed";
import { receiveServiceMail } from "../support/service-mail";

/** Password change (`POST /api/user/password`) and reset by e-mailed link (`POST /api/signin/passwordReset[/complete]`). */

// A job schema of its own: on the shared PostgreSQL test database, this file's worker must not send other files' e-mails.
process.env.JOB_SCHEMA = `password_test_${randomBytes(4).toString("hex")}`;

const PASSWORD = "correct-horse-42"; // seedAccount's
const received = receiveServiceMail().mails;

beforeAll(() => {
  process.env.SIGN_IN_FAILURE_DELAY_MS = "1";
});
afterAll(() => {
  delete process.env.SIGN_IN_FAILURE_DELAY_MS;
});
afterEach(() => resetClock());

const newIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

function signIn(email: string, password: string) {
  return call("POST", "/api/signin", { json: { email, password }, headers: { "x-forwarded-for": newIp() } });
}

async function signInKey(email: string, password: string): Promise<string> {
  const answer = await signIn(email, password);
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { apiKey: string }).apiKey;
}

const sessionStatus = async (apiKey: string) => (await call("GET", "/api/session", { key: apiKey })).status;

function requestReset(email: string, ip = newIp()) {
  return call("POST", "/api/signin/passwordReset", { json: { email }, headers: { "x-forwarded-for": ip } });
}

function completeReset(token: string, password: string) {
  return call("POST", "/api/signin/passwordReset/complete", { json: { token, password } });
}

/** The first e-mail to `to` about a password reset (the seeded owner was e-mailed a sign-up link first). */
async function waitForMail(to: string, timeoutMs = 20_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mail = received.find((candidate) => candidate.to.includes(to.toLowerCase()) && candidate.text.includes("/reset-password/"));
    if (mail) return mail.text;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no e-mail to ${to} within ${timeoutMs} ms`);
}

/** The token of the reset link in the newest reset e-mail to `to`, read from the outbox (no need to wait for SMTP). */
async function tokenFromOutbox(to: string): Promise<string> {
  const db = await getDb();
  const rows = await db.select().from(outboxMessages).where(and(eq(outboxMessages.to, to), eq(outboxMessages.kind, "PASSWORD_RESET")));
  const latest = rows.sort((a, b) => b.created.getTime() - a.created.getTime())[0];
  return /\/reset-password\/([A-Za-z0-9_-]+)/.exec(latest.text)![1];
}

describe("POST /api/user/password", () => {
  it("changes the caller's password only with the right current one", async () => {
    const owner = await seedAccount();
    const wrong = await callJson("POST", "/api/user/password", { key: owner.apiKey, json: { currentPassword: "not-it-42", newPassword: "brand-new-pass-7" }, expect: 400 });
    expect(wrong).toMatchObject({ code: 400, messageKey: "error.validation.wrongCurrentPassword", message: "The current password is not right." });
    const weak = await callJson("POST", "/api/user/password", { key: owner.apiKey, json: { currentPassword: PASSWORD, newPassword: "short1" }, expect: 400 });
    expect(weak).toMatchObject({ messageKey: "error.validation.weakPassword", message: "The password must have at least 8 characters." });
    const missing = await callJson("POST", "/api/user/password", { key: owner.apiKey, json: { newPassword: "brand-new-pass-7" }, expect: 400 });
    expect(missing).toMatchObject({ messageKey: "error.validation.invalidBody" });
    expect((await signIn(owner.email, PASSWORD)).status).toBe(200);

    const changed = await callJson("POST", "/api/user/password", { key: owner.apiKey, json: { currentPassword: PASSWORD, newPassword: "brand-new-pass-7" } });
    expect(changed).toEqual({ id: owner.userId, email: owner.email, apiKey: expect.any(String) });
    expect((await signIn(owner.email, PASSWORD)).status).toBe(401);
    expect((await signIn(owner.email, "brand-new-pass-7")).status).toBe(200);
  });

  it("ends the sign-in key whoever knew the old password holds, answers the caller a fresh one, and keeps integration keys", async () => {
    const owner = await seedAccount();
    const consoleKey = await signInKey(owner.email, PASSWORD);
    const stolen = await signInKey(owner.email, PASSWORD);
    expect(stolen).toBe(consoleKey);

    // As the console changes it: with the session's own sign-in key.
    const changed = await callJson<{ apiKey: string }>("POST", "/api/user/password", { key: consoleKey, json: { currentPassword: PASSWORD, newPassword: "brand-new-pass-7" } });
    expect(changed.apiKey).not.toBe(consoleKey);
    expect(await sessionStatus(stolen)).toBe(401);
    expect(await callJson("GET", "/api/session", { key: changed.apiKey })).toMatchObject({ user: { id: owner.userId }, account: { id: owner.accountId } });
    expect(await sessionStatus(owner.apiKey)).toBe(200);
    // The fresh key is what the new password signs in with.
    expect(await signInKey(owner.email, "brand-new-pass-7")).toBe(changed.apiKey);
  });

  it("counts wrong current passwords as failed sign-ins: past the limit, 429", async () => {
    const owner = await seedAccount();
    const ip = newIp();
    const change = (currentPassword: string) =>
      call("POST", "/api/user/password", { key: owner.apiKey, json: { currentPassword, newPassword: "brand-new-pass-7" }, headers: { "x-forwarded-for": ip } });
    for (let attempt = 0; attempt < 5; attempt++) expect((await change(`guess-${attempt}-x`)).status).toBe(400);
    const limited = await change(PASSWORD);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await limited.json()).toMatchObject({ messageKey: "error.tooManyRequests.signIn" });
  });

  it("needs a credential", async () => {
    const refused = await callJson("POST", "/api/user/password", { json: { currentPassword: PASSWORD, newPassword: "brand-new-pass-7" }, expect: 401 });
    expect(refused).toMatchObject({ code: 401 });
  });
});

describe("password reset by e-mailed link", () => {
  it("e-mails a link that sets a new password once, after which the user signs in with it", async () => {
    const owner = await seedAccount();
    const answer = await requestReset(owner.email.toUpperCase());
    expect(answer.status).toBe(202);

    const mail = await waitForMail(owner.email);
    expect(mail).toMatch(/Subject: Choose a new Signet password/);
    const link = /(http:\/\/[^\s"<>]+\/reset-password\/([A-Za-z0-9_-]+))/.exec(mail)!;
    expect(link[1]).toMatch(/^http:\/\/localhost:\d+\/reset-password\//);
    const token = link[2];
    // Only a hash is kept.
    const db = await getDb();
    const [stored] = await db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, owner.userId));
    expect(stored.tokenHash).not.toContain(token);

    const weak = await callJson("POST", "/api/signin/passwordReset/complete", { json: { token, password: "onlyletters" }, expect: 400 });
    expect(weak).toMatchObject({ messageKey: "error.validation.weakPassword" });
    const done = await completeReset(token, "reset-pass-2026");
    expect(done.status).toBe(200);
    expect(await done.json()).toEqual({ id: owner.userId, email: owner.email });
    expect((await signIn(owner.email, "reset-pass-2026")).status).toBe(200);
    expect((await signIn(owner.email, PASSWORD)).status).toBe(401);

    const again = await completeReset(token, "another-pass-99");
    expect(again.status).toBe(410);
    expect(await again.json()).toMatchObject({ code: 410, name: "Gone", messageKey: "error.gone.passwordResetTokenUsed" });
    expect((await signIn(owner.email, "reset-pass-2026")).status).toBe(200);
  });

  it("answers an unknown, an invited and a known e-mail alike, and e-mails only the active user", async () => {
    const owner = await seedAccount();
    const invited = await seedSender(owner, "INVITED");
    const unknown = `nobody-${randomBytes(6).toString("hex")}@example.test`;
    const answers = [];
    for (const email of [owner.email, unknown, invited.email]) {
      const response = await requestReset(email);
      answers.push({ status: response.status, body: await response.json() });
    }
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    expect(answers[0]).toEqual({
      status: 202,
      body: { message: "If an account uses this e-mail address, a link to choose a new password is on its way. It works once, for 60 minutes." },
    });
    const db = await getDb();
    const resetMails = await db.select({ to: outboxMessages.to }).from(outboxMessages).where(eq(outboxMessages.kind, "PASSWORD_RESET"));
    expect(resetMails.map((row) => row.to)).toContain(owner.email);
    expect(resetMails.map((row) => row.to)).not.toContain(unknown);
    expect(resetMails.map((row) => row.to)).not.toContain(invited.email);
  });

  it("ends every sign-in key of the user, and keeps integration keys", async () => {
    const owner = await seedAccount();
    const stolen = await signInKey(owner.email, PASSWORD);
    const { value } = await callJson<{ value: string }>("POST", "/api/authenticationTokens/user", { key: owner.apiKey });
    const byLink = (await callJson<{ apiKey: string }>("POST", "/api/signin/authenticationToken", { json: { authenticationToken: value } })).apiKey;
    expect(await sessionStatus(stolen)).toBe(200);

    await requestReset(owner.email);
    expect((await completeReset(await tokenFromOutbox(owner.email), "reset-pass-2026")).status).toBe(200);
    const refused = await call("GET", "/api/session", { key: stolen });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ code: 401, name: "Unauthorized" });
    expect(await sessionStatus(byLink)).toBe(401);
    expect(await sessionStatus(owner.apiKey)).toBe(200);
    const fresh = await signInKey(owner.email, "reset-pass-2026");
    expect(fresh).not.toBe(stolen);
    expect(await sessionStatus(fresh)).toBe(200);
  });

  it("voids the user authentication tokens asked for before a change or reset: none signs in after", async () => {
    const owner = await seedAccount();
    const stolen = await signInKey(owner.email, PASSWORD);
    const askFor = async (apiKey: string) => (await callJson<{ value: string }>("POST", "/api/authenticationTokens/user", { key: apiKey })).value;
    const redeem = (authenticationToken: string) => call("POST", "/api/signin/authenticationToken", { json: { authenticationToken } });
    const keptBeforeReset = await askFor(stolen);

    await requestReset(owner.email);
    expect((await completeReset(await tokenFromOutbox(owner.email), "reset-pass-2027")).status).toBe(200);
    expect((await redeem(keptBeforeReset)).status).toBe(401);

    const fresh = await signInKey(owner.email, "reset-pass-2027");
    const keptBeforeChange = await askFor(fresh);
    const changed = await call("POST", "/api/user/password", { key: fresh, json: { currentPassword: "reset-pass-2027", newPassword: "changed-pass-2028" } });
    expect(changed.status).toBe(200);
    expect((await redeem(keptBeforeChange)).status).toBe(401);
  });

  it("refuses an expired link, an unknown one, and every earlier link once one was used", async () => {
    const owner = await seedAccount();
    await requestReset(owner.email);
    const first = await tokenFromOutbox(owner.email);
    advanceClock(10 * 60_000);
    await requestReset(owner.email);
    const second = await tokenFromOutbox(owner.email);
    expect(second).not.toBe(first);

    advanceClock(55 * 60_000); // the first is 65 minutes old, the second 55
    const expired = await completeReset(first, "reset-pass-2026");
    expect(expired.status).toBe(410);
    expect(await expired.json()).toMatchObject({ messageKey: "error.gone.passwordResetTokenExpired", message: expect.stringContaining("60 minutes") });

    const unknown = await completeReset(randomBytes(32).toString("base64url"), "reset-pass-2026");
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ messageKey: "error.validation.invalidPasswordResetToken" });
    expect((await completeReset("../not a token", "reset-pass-2026")).status).toBe(400);

    expect((await completeReset(second, "reset-pass-2026")).status).toBe(200);
    advanceClock(-60 * 60_000);
    expect((await completeReset(first, "reset-pass-2026")).status).toBe(410);
  });

  it("checks a link without using it: works until used or expired, then the same refusals as completing it", async () => {
    const owner = await seedAccount();
    await requestReset(owner.email);
    const token = await tokenFromOutbox(owner.email);
    const check = (candidate: string) => call("POST", "/api/signin/passwordReset/check", { json: { token: candidate } });

    const working = await check(token);
    expect(working.status).toBe(200);
    expect(await working.json()).toEqual({ valid: true, expires: expect.stringMatching(/Z$/) });
    // Checking twice uses nothing up.
    expect((await check(token)).status).toBe(200);
    expect(await (await check(randomBytes(32).toString("base64url"))).json()).toMatchObject({ messageKey: "error.validation.invalidPasswordResetToken" });
    expect((await check("../not a token")).status).toBe(400);
    expect((await call("POST", "/api/signin/passwordReset/check", { json: {} })).status).toBe(400);

    expect((await completeReset(token, "reset-pass-2026")).status).toBe(200);
    const used = await check(token);
    expect(used.status).toBe(410);
    expect(await used.json()).toMatchObject({ messageKey: "error.gone.passwordResetTokenUsed" });

    await requestReset(owner.email);
    const later = await tokenFromOutbox(owner.email);
    advanceClock(61 * 60_000);
    const expired = await check(later);
    expect(expired.status).toBe(410);
    expect(await expired.json()).toMatchObject({ messageKey: "error.gone.passwordResetTokenExpired" });
  });

  it("limits requests per e-mail from one address, known or not, and per client address", async () => {
    const owner = await seedAccount();
    const unknown = `nobody-${randomBytes(6).toString("hex")}@example.test`;
    const from = newIp();
    for (const email of [owner.email, unknown]) {
      for (let request = 0; request < 3; request++) expect((await requestReset(email, from)).status).toBe(202);
      const limited = await requestReset(email, from);
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(3000);
      expect(await limited.json()).toMatchObject({ code: 429, messageKey: "error.tooManyRequests.passwordReset" });
    }
    advanceClock(61 * 60_000);
    expect((await requestReset(owner.email, from)).status).toBe(202);

    const ip = newIp();
    for (let request = 0; request < 20; request++) expect((await requestReset(`someone-${request}-${randomBytes(3).toString("hex")}@example.test`, ip)).status).toBe(202);
    expect((await requestReset(owner.email, ip)).status).toBe(429);
  });

  it("lets strangers' requests for a user's e-mail never block the user's own, from their address", async () => {
    const victim = await seedAccount();
    for (let stranger = 0; stranger < 3; stranger++) expect((await requestReset(victim.email)).status).toBe(202);
    const own = await requestReset(victim.email);
    expect(own.status).toBe(202);
    const db = await getDb();
    const mails = await db.select().from(outboxMessages).where(and(eq(outboxMessages.to, victim.email), eq(outboxMessages.kind, "PASSWORD_RESET")));
    expect(mails).toHaveLength(4);
  });
});
