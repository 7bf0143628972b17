import { randomBytes, randomInt } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { pendingSignUps, users } from "@/lib/db/schema";
import { advanceClock, resetClock } from "@/lib/esign/clock";
import { call, callJson } from "../support/api-client";
import { seedAccount } from "../support/seed";
import { receiveServiceMail } from "../support/service-mail";

/** `POST /api/signup` where the service sends e-mail: the same answer for every e-mail, then `POST /api/signup/confirm`. */

// A job schema of its own: on the shared PostgreSQL test database, this file's worker must not send other files' e-mails.
process.env.JOB_SCHEMA = `signup_test_${randomBytes(4).toString("hex")}`;

const PASSWORD = "fresh-start-42";
const received = receiveServiceMail().mails;

beforeAll(() => {
  process.env.SIGN_IN_FAILURE_DELAY_MS = "1";
});
afterAll(() => {
  delete process.env.SIGN_IN_FAILURE_DELAY_MS;
});
afterEach(() => resetClock());

const newIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
const newEmail = () => `new-${randomBytes(5).toString("hex")}@example.test`;
const CONFIRM_LINK = /(http:\/\/\S+\/signup\/confirm\?token=([A-Za-z0-9_-]+))/;

function signUp(email: string, ip = newIp(), password = PASSWORD) {
  return call("POST", "/api/signup", { json: { accountName: "Fresh Co", email, firstName: "Nora", lastName: "New", password }, headers: { "x-forwarded-for": ip } });
}

function confirm(token: string, password = PASSWORD) {
  return call("POST", "/api/signup/confirm", { json: { token, password } });
}

async function waitForMail(to: string, pattern: RegExp, timeoutMs = 20_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mail = received.find((candidate) => candidate.to.includes(to.toLowerCase()) && pattern.test(candidate.text));
    if (mail) return mail.text;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no e-mail to ${to} matching ${pattern} within ${timeoutMs} ms`);
}

async function confirmationToken(email: string): Promise<string> {
  return CONFIRM_LINK.exec(await waitForMail(email, CONFIRM_LINK))![2];
}

const usersWithEmail = async (email: string) => (await (await getDb()).select().from(users).where(sql`lower(${users.email}) = ${email}`)).length;

describe("POST /api/signup with SMTP_URL", () => {
  it("answers a new and a registered e-mail alike, and creates no account for either", async () => {
    const owner = await seedAccount();
    const fresh = newEmail();
    const forNew = await signUp(fresh);
    const forRegistered = await signUp(owner.email);
    expect([forNew.status, forRegistered.status]).toEqual([202, 202]);
    expect(forRegistered.headers.get("content-type")).toBe(forNew.headers.get("content-type"));
    const newText = (await forNew.text()).replace(fresh, "EMAIL");
    const registeredText = (await forRegistered.text()).replace(owner.email, "EMAIL");
    expect(registeredText).toBe(newText);
    expect(JSON.parse(newText)).toEqual({ message: expect.stringContaining("EMAIL") });
    expect(await usersWithEmail(fresh)).toBe(0);
    expect(await usersWithEmail(owner.email)).toBe(1);
  });

  it("e-mails the owner of a registered e-mail that someone tried, with links to sign in and reset the password", async () => {
    const owner = await seedAccount();
    expect((await signUp(owner.email)).status).toBe(202);
    const notice = await waitForMail(owner.email, /tried to create a new Signet account/);
    expect(notice).toContain("/signin");
    expect(notice).toContain("/forgot-password");
    expect(notice).not.toMatch(/signup\/confirm/);
    // The owner's password is untouched: the sign-up's does not sign in.
    expect((await call("POST", "/api/signin", { json: { email: owner.email, password: PASSWORD }, headers: { "x-forwarded-for": newIp() } })).status).toBe(401);
  });

  it("keeps the sign-up pending with its password hashed, and the e-mailed link creates the account once", async () => {
    const email = newEmail();
    expect((await signUp(email)).status).toBe(202);
    const [pending] = await (await getDb()).select().from(pendingSignUps).where(eq(pendingSignUps.email, email));
    expect(pending.passwordHash).not.toContain(PASSWORD);
    const token = await confirmationToken(email);
    expect(pending.tokenHash).not.toBe(token);

    const created = await callJson<{ accountId: string; userId: string; apiKey: string }>("POST", "/api/signup/confirm", { json: { token, password: PASSWORD }, expect: 201 });
    expect(created).toEqual({ accountId: expect.any(String), userId: expect.any(String), apiKey: expect.any(String) });
    expect(await callJson("GET", "/api/session", { key: created.apiKey })).toMatchObject({ user: { id: created.userId, email }, account: { id: created.accountId, name: "Fresh Co" } });
    expect((await call("POST", "/api/signin", { json: { email, password: PASSWORD }, headers: { "x-forwarded-for": newIp() } })).status).toBe(200);

    const again = await confirm(token);
    expect(again.status).toBe(410);
    expect(await again.json()).toMatchObject({ messageKey: "error.gone.signUpTokenUsed", message: expect.stringContaining("used already") });
    expect(await usersWithEmail(email)).toBe(1);
  });

  it("refuses an expired link and an unknown one clearly, and a second link once the e-mail is registered", async () => {
    const email = newEmail();
    await signUp(email);
    const expiring = await confirmationToken(email);
    advanceClock(24 * 3_600_000 + 1_000);
    const expired = await confirm(expiring);
    expect(expired.status).toBe(410);
    expect(await expired.json()).toMatchObject({ messageKey: "error.gone.signUpTokenExpired", message: expect.stringContaining("Sign up again") });
    resetClock();

    const unknown = await confirm("A".repeat(43));
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ messageKey: "error.validation.invalidSignUpToken" });
    expect((await confirm("not a token")).status).toBe(400);

    const twice = newEmail();
    await signUp(twice);
    await signUp(twice);
    await waitForMail(twice, CONFIRM_LINK);
    const links = () => received.filter((mail) => mail.to.includes(twice)).map((mail) => CONFIRM_LINK.exec(mail.text)![2]);
    for (let waited = 0; links().length < 2 && waited < 200; waited++) await new Promise((resolve) => setTimeout(resolve, 100));
    const [first, second] = links();
    expect((await confirm(first)).status).toBe(201);
    const late = await confirm(second);
    expect(late.status).toBe(409);
    expect(await late.json()).toMatchObject({ messageKey: "error.conflict.emailExists" });
    expect(await usersWithEmail(twice)).toBe(1);
  });

  it("limits sign-ups per e-mail and address, and per address, alike for new and registered e-mails", async () => {
    const owner = await seedAccount();
    for (const email of [newEmail(), owner.email]) {
      const ip = newIp();
      for (let attempt = 0; attempt < 3; attempt++) expect((await signUp(email, ip)).status).toBe(202);
      const limited = await signUp(email, ip);
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(3000);
      expect(await limited.json()).toMatchObject({ messageKey: "error.tooManyRequests.signUp" });
      // The owner still signs up, or is told, from another address.
      expect((await signUp(email)).status).toBe(202);
    }

    const busy = newIp();
    for (let attempt = 0; attempt < 20; attempt++) expect((await signUp(newEmail(), busy)).status).toBe(202);
    expect((await signUp(newEmail(), busy)).status).toBe(429);
    advanceClock(60 * 60 * 1000 + 1_000);
    expect((await signUp(newEmail(), busy)).status).toBe(202);
  });

  it("a stranger's sign-up under someone's e-mail: its link, confirmed with that person's password, creates nothing; their own link does", async () => {
    const victim = newEmail();
    const VICTIM_PASSWORD = "victims-own-77";
    expect((await signUp(victim, newIp(), "attackers-pick-13")).status).toBe(202);
    const attackersLink = await confirmationToken(victim);
    expect((await signUp(victim, newIp(), VICTIM_PASSWORD)).status).toBe(202);
    const links = () => received.filter((mail) => mail.to.includes(victim)).map((mail) => CONFIRM_LINK.exec(mail.text)![2]);
    for (let waited = 0; links().length < 2 && waited < 200; waited++) await new Promise((resolve) => setTimeout(resolve, 100));
    const victimsLink = links().find((token) => token !== attackersLink)!;
    // The e-mail says the page will ask for the password chosen at sign-up: a link one did not ask for is no use.
    expect(received.find((mail) => mail.to.includes(victim))!.text).toContain("asks for the password you chose when signing up");

    // The victim clicks the stranger's e-mail and types their own password.
    const refused = await confirm(attackersLink, VICTIM_PASSWORD);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ messageKey: "error.validation.wrongSignUpPassword", message: expect.stringContaining("not the password") });
    expect(await usersWithEmail(victim)).toBe(0);

    const created = await confirm(victimsLink, VICTIM_PASSWORD);
    expect(created.status).toBe(201);
    expect((await call("POST", "/api/signin", { json: { email: victim, password: VICTIM_PASSWORD }, headers: { "x-forwarded-for": newIp() } })).status).toBe(200);
    expect((await call("POST", "/api/signin", { json: { email: victim, password: "attackers-pick-13" }, headers: { "x-forwarded-for": newIp() } })).status).toBe(401);
  });

  it("voids a link after 5 wrong passwords, parallel guesses included, and the right one then creates nothing", async () => {
    const email = newEmail();
    await signUp(email);
    const token = await confirmationToken(email);
    const first = await confirm(token, "guess-number-1");
    expect(first.status).toBe(400);
    expect(await first.json()).toMatchObject({ messageKey: "error.validation.wrongSignUpPassword", message: expect.stringContaining("4 tries left") });

    const burst = await Promise.all(Array.from({ length: 8 }, (_, guess) => confirm(token, `guess-number-${guess + 2}`)));
    const statuses = burst.map((answer) => answer.status).sort();
    expect(statuses).toEqual([400, 400, 400, 400, 410, 410, 410, 410]);
    const bodies = await Promise.all(burst.map((answer) => answer.json()));
    expect(bodies.filter((body) => String(body.message).includes("no longer works"))).toHaveLength(1);

    const right = await confirm(token, PASSWORD);
    expect(right.status).toBe(410);
    expect(await right.json()).toMatchObject({ messageKey: "error.gone.signUpTokenVoid", message: expect.stringContaining("Sign up again") });
    expect(await usersWithEmail(email)).toBe(0);
  });

  it("refuses a weak password before anything is kept or sent", async () => {
    const email = newEmail();
    const weak = await call("POST", "/api/signup", { json: { accountName: "Fresh Co", email, firstName: "Nora", lastName: "New", password: "short1" }, headers: { "x-forwarded-for": newIp() } });
    expect(weak.status).toBe(400);
    expect(await weak.json()).toMatchObject({ messageKey: "error.validation.weakPassword" });
    expect(await (await getDb()).select().from(pendingSignUps).where(eq(pendingSignUps.email, email))).toEqual([]);
  });
});

describe.runIf(process.env.DATABASE_URL?.startsWith("postgres"))("POST /api/signup with SMTP_URL on PostgreSQL", () => {
  it("answers a registered e-mail without waiting for a lock another transaction holds on its user", async () => {
    const owner = await seedAccount();
    const other = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await other.connect();
    try {
      // As a sign-in holds it while it issues a key.
      await other.query("begin");
      await other.query("select id from users where id = $1 for share", [owner.userId]);
      const answer = await Promise.race([signUp(owner.email), new Promise<"waited">((resolve) => setTimeout(() => resolve("waited"), 3_000))]);
      expect(answer === "waited" ? "waited" : answer.status).toBe(202);
    } finally {
      await other.query("rollback");
      await other.end();
    }
  });
});
