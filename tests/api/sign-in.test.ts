import { randomBytes, randomInt } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { accountMemberships, apiKeys, userAccountRoles, users } from "@/lib/db/schema";
import { addMember } from "@/lib/esign/accounts/account-setup";
import { advanceClock, resetClock } from "@/lib/esign/clock";
import { hashPassword } from "@/lib/esign/security/passwords";
import { call, callJson } from "../support/api-client";
import { seedAccount, seedSender, type SeededAccount } from "../support/seed";

const PASSWORD = "correct-horse-42"; // seedAccount's
const FLOOR_MS = 20;
const BAD_CREDENTIALS = {
  code: 401,
  name: "Unauthorized",
  messageKey: "error.unauthorised.badCredentials",
  message: "The e-mail address or the password is not right.",
};

// A failure's floor is 300 ms by default; the tests keep it short and prove it once with a longer one.
beforeAll(() => {
  process.env.SIGN_IN_FAILURE_DELAY_MS = String(FLOOR_MS);
});
afterAll(() => {
  delete process.env.SIGN_IN_FAILURE_DELAY_MS;
});
afterEach(() => {
  resetClock();
  process.env.SIGN_IN_FAILURE_DELAY_MS = String(FLOOR_MS);
  delete process.env.SIGNUP_ENABLED;
});

/** A client address of its own for each test, so that no test counts another's failures. */
const newIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
const unknownEmail = () => `nobody-${randomBytes(6).toString("hex")}@example.test`;

function signIn(email: string, password: string, ip: string) {
  return call("POST", "/api/signin", { json: { email, password }, headers: { "x-forwarded-for": ip } });
}

async function failTimes(times: number, email: string, ip: string) {
  for (let i = 0; i < times; i++) {
    const response = await signIn(email, "wrong-password-1", ip);
    expect(response.status, await response.text()).toBe(401);
  }
}

/** The key answered acts as that user (it is a sign-in key of theirs, never their integration key). */
async function expectKeyOf(apiKey: string, user: SeededAccount) {
  expect(apiKey).not.toBe(user.apiKey);
  expect(await callJson("GET", "/api/session", { key: apiKey })).toMatchObject({ user: { id: user.userId } });
}

async function setPassword(userId: string, password: string) {
  const db = await getDb();
  await db.update(users).set({ passwordHash: await hashPassword(password) }).where(eq(users.id, userId));
}

describe("POST /api/signin", () => {
  it("answers the user's sign-in key in their home account, not their integration key, which works on GET /api/session", async () => {
    const owner = await seedAccount("Acme Legal");
    const answer = await callJson<{ apiKey: string }>("POST", "/api/signin", { json: { email: owner.email, password: PASSWORD } });
    expect(answer).toEqual({
      apiKey: expect.any(String),
      user: { id: owner.userId, email: owner.email, firstName: "Olive", lastName: "Owner" },
      account: { id: owner.accountId, name: "Acme Legal" },
    });
    expect(answer.apiKey).not.toBe(owner.apiKey);
    const session = await callJson("GET", "/api/session", { key: answer.apiKey });
    expect(session).toMatchObject({ user: { id: owner.userId }, account: { id: owner.accountId } });
    // One per user and account: the next sign-in answers the same.
    const again = await callJson<{ apiKey: string }>("POST", "/api/signin", { json: { email: owner.email, password: PASSWORD } });
    expect(again.apiKey).toBe(answer.apiKey);
    // Never read back as the user's API key.
    expect(await callJson("GET", `/api/account/senders/${owner.userId}/apiKey`, { key: answer.apiKey })).toEqual({ apiKey: owner.apiKey });
  });

  it("takes the e-mail in any case and around spaces", async () => {
    const owner = await seedAccount();
    const answer = await callJson<{ apiKey: string }>("POST", "/api/signin", { json: { email: `  ${owner.email.toUpperCase()} `, password: PASSWORD } });
    await expectKeyOf(answer.apiKey, owner);
  });

  it("issues a sign-in key to a user without any key, and the same one at the next sign-in", async () => {
    const owner = await seedAccount();
    const sender = await seedSender(owner);
    await setPassword(sender.userId, "sender-pass-77");
    const db = await getDb();
    await db.delete(apiKeys).where(and(eq(apiKeys.userId, sender.userId), eq(apiKeys.accountId, owner.accountId)));

    const first = await callJson<{ apiKey: string }>("POST", "/api/signin", { json: { email: sender.email, password: "sender-pass-77" } });
    expect(first.apiKey).not.toBe(sender.apiKey);
    expect(await callJson("GET", "/api/session", { key: first.apiKey })).toMatchObject({ user: { id: sender.userId } });
    const again = await callJson<{ apiKey: string }>("POST", "/api/signin", { json: { email: sender.email, password: "sender-pass-77" } });
    expect(again.apiKey).toBe(first.apiKey);
  });

  it("signs a user removed from their home account in to the account they still belong to", async () => {
    const home = await seedAccount("Home");
    const other = await seedAccount("Other");
    const user = await seedSender(home);
    await setPassword(user.userId, "moved-pass-1");
    const db = await getDb();
    await db.transaction(async (tx) => {
      await tx.delete(userAccountRoles).where(and(eq(userAccountRoles.accountId, home.accountId), eq(userAccountRoles.userId, user.userId)));
      await tx.delete(apiKeys).where(eq(apiKeys.userId, user.userId));
      await tx.delete(accountMemberships).where(and(eq(accountMemberships.accountId, home.accountId), eq(accountMemberships.userId, user.userId)));
      await addMember(tx, other.accountId, user.userId, { isOwner: false, role: "SENDER" });
    });

    const answer = await callJson<{ apiKey: string; account: unknown }>("POST", "/api/signin", { json: { email: user.email, password: "moved-pass-1" } });
    expect(answer.account).toEqual({ id: other.accountId, name: "Other" });
    expect(await callJson("GET", "/api/session", { key: answer.apiKey })).toMatchObject({ account: { id: other.accountId } });
  });

  it("answers a wrong password and an unknown e-mail alike, never sooner than the floor", async () => {
    process.env.SIGN_IN_FAILURE_DELAY_MS = "150";
    const owner = await seedAccount();
    const ip = newIp();
    const bodies: unknown[] = [];
    for (const [email, password] of [
      [owner.email, "wrong-password-1"],
      [unknownEmail(), PASSWORD],
    ]) {
      const started = performance.now();
      const response = await signIn(email, password, ip);
      const elapsed = performance.now() - started;
      expect(response.status).toBe(401);
      expect(elapsed).toBeGreaterThanOrEqual(145);
      bodies.push(await response.json());
    }
    expect(bodies[0]).toEqual(BAD_CREDENTIALS);
    expect(bodies[1]).toEqual(bodies[0]);
  });

  it("refuses a deleted user and a user without password with the same 401", async () => {
    const owner = await seedAccount();
    const withoutPassword = await seedSender(owner);
    const deleted = await seedSender(owner);
    await setPassword(deleted.userId, "deleted-pass-1");
    const db = await getDb();
    await db.update(users).set({ status: "DELETED" }).where(eq(users.id, deleted.userId));

    for (const [email, password] of [
      [withoutPassword.email, "any-password-1"],
      [deleted.email, "deleted-pass-1"],
    ]) {
      const response = await signIn(email, password, newIp());
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual(BAD_CREDENTIALS);
    }
  });

  it("tells an invited sender to follow the invitation link (403)", async () => {
    const owner = await seedAccount();
    const invited = await seedSender(owner, "INVITED");
    const response = await signIn(invited.email, "whatever-1", newIp());
    expect(response.status).toBe(403);
    const body = (await response.json()) as { messageKey: string; message: string };
    expect(body.messageKey).toBe("error.forbidden.senderNotActivated");
    expect(body.message).toContain("invitation");
  });

  it("lets a sender locked in their account sign in, to read", async () => {
    const owner = await seedAccount();
    const sender = await seedSender(owner);
    await setPassword(sender.userId, "locked-pass-1");
    const db = await getDb();
    await db
      .update(accountMemberships)
      .set({ locked: true })
      .where(and(eq(accountMemberships.accountId, owner.accountId), eq(accountMemberships.userId, sender.userId)));

    const answer = await callJson<{ apiKey: string }>("POST", "/api/signin", { json: { email: sender.email, password: "locked-pass-1" } });
    await expectKeyOf(answer.apiKey, sender);
  });

  it("works with sign-up disabled", async () => {
    const owner = await seedAccount();
    process.env.SIGNUP_ENABLED = "false";
    await callJson("POST", "/api/signin", { json: { email: owner.email, password: PASSWORD } });
  });

  it("refuses a body without password as invalid (400)", async () => {
    const body = await callJson<{ messageKey: string }>("POST", "/api/signin", { json: { email: "x@example.test" }, expect: 400 });
    expect(body.messageKey).toBe("error.validation.invalidBody");
  });
});

describe("POST /api/signin against guessing", () => {
  async function expectLimited(owner: SeededAccount, ip: string): Promise<number> {
    const response = await signIn(owner.email, PASSWORD, ip);
    const body = (await response.json()) as { messageKey: string; entity: { retryAfterSeconds: number } };
    expect(response.status, JSON.stringify(body)).toBe(429);
    expect(body.messageKey).toBe("error.tooManyRequests.signIn");
    const retryAfter = Number(response.headers.get("retry-after"));
    expect(body.entity.retryAfterSeconds).toBe(retryAfter);
    return retryAfter;
  }

  it("makes an address wait after 5 failures for an e-mail within 15 minutes, even with the right password, until they leave the window", async () => {
    const owner = await seedAccount();
    const ip = newIp();
    // Counted under the e-mail whatever its case.
    await failTimes(3, owner.email.toUpperCase(), ip);
    await failTimes(2, owner.email, ip);

    const retryAfter = await expectLimited(owner, ip);
    expect(retryAfter).toBeGreaterThan(880);
    expect(retryAfter).toBeLessThanOrEqual(900);
    // Refused attempts are not failures: the wait does not grow.
    await expectLimited(owner, ip);
    // Another e-mail from the same address is not held up.
    const other = await seedAccount();
    await callJson("POST", "/api/signin", { json: { email: other.email, password: PASSWORD }, headers: { "x-forwarded-for": ip } });

    advanceClock(10 * 60 * 1000);
    const later = await expectLimited(owner, ip);
    expect(later).toBeGreaterThan(280);
    expect(later).toBeLessThanOrEqual(300);

    advanceClock(5 * 60 * 1000);
    const answer = await callJson<{ apiKey: string }>("POST", "/api/signin", { json: { email: owner.email, password: PASSWORD }, headers: { "x-forwarded-for": ip } });
    await expectKeyOf(answer.apiKey, owner);
  });

  it("does not let failures from other addresses lock the user out of their own", async () => {
    const owner = await seedAccount();
    for (let i = 0; i < 4; i++) await failTimes(5, owner.email, newIp());
    const answer = await callJson<{ apiKey: string }>("POST", "/api/signin", { json: { email: owner.email, password: PASSWORD }, headers: { "x-forwarded-for": newIp() } });
    await expectKeyOf(answer.apiKey, owner);
  });

  it("counts an IPv6 address by its /64, so a client cannot change address to guess on", async () => {
    const owner = await seedAccount();
    const network = `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:7`;
    for (let host = 1; host <= 5; host++) await failTimes(1, owner.email, `${network}::${host}`);
    await expectLimited(owner, `${network}:0:0:0:99`);
  });

  it("forgets the e-mail's failures on a successful sign-in", async () => {
    const owner = await seedAccount();
    const ip = newIp();
    await failTimes(4, owner.email, ip);
    await callJson("POST", "/api/signin", { json: { email: owner.email, password: PASSWORD }, headers: { "x-forwarded-for": ip } });
    await failTimes(5, owner.email, ip);
    await expectLimited(owner, ip);
  });

  it("counts an unknown e-mail's failures like a known one's", async () => {
    const email = unknownEmail();
    const ip = newIp();
    await failTimes(5, email, ip);
    const response = await signIn(email, "wrong-password-1", ip);
    expect(response.status).toBe(429);
  });

  it("refuses an address after 30 failures within 15 minutes, whatever the e-mail", async () => {
    const owner = await seedAccount();
    const ip = newIp();
    const answers = await Promise.all(Array.from({ length: 30 }, () => signIn(unknownEmail(), "wrong-password-1", ip)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(30).fill(401));

    const retryAfter = await expectLimited(owner, ip);
    expect(retryAfter).toBeGreaterThan(880);
    // From elsewhere the same user signs in.
    await callJson("POST", "/api/signin", { json: { email: owner.email, password: PASSWORD }, headers: { "x-forwarded-for": newIp() } });

    advanceClock(15 * 60 * 1000);
    await callJson("POST", "/api/signin", { json: { email: owner.email, password: PASSWORD }, headers: { "x-forwarded-for": ip } });
  });
});
