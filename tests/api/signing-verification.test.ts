import { and, asc, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { auditEvents, outboxMessages, roleSigningStates, users } from "@/lib/db/schema";
import { advanceClock, resetClock } from "@/lib/esign/clock";
import { ServiceError } from "@/lib/esign/errors";
import { assertVerificationsAvailable, isRoleVerified } from "@/lib/esign/signing/verification/assert-available";
import { registerVerificationProvider, type VerificationProvider } from "@/lib/esign/signing/verification/providers";
import { call, callJson, type CallOptions } from "../support/api-client";
import { createPackageWithFiles, packagePayload } from "../support/packages";
import { seedAccount, seedGroup, seedSender, type SeededAccount } from "../support/seed";

interface ErrorBody {
  code: number;
  message: string;
  messageKey: string;
  entity?: Record<string, unknown>;
}
interface Status {
  required: boolean;
  typeId?: string;
  verified: boolean;
  signerLocked: boolean;
  attemptsLeft: number;
  codeExpires?: string;
  resendAfter?: string;
}

const statusPath = (packageId: string) => `/api/signing/${packageId}/verification`;
const otpPath = (packageId: string) => `${statusPath(packageId)}/otp`;
const verifyPath = (packageId: string) => `${otpPath(packageId)}/verify`;

afterEach(() => resetClock());

async function expectError(method: string, path: string, options: CallOptions, status: number, messageKey?: string): Promise<ErrorBody> {
  const response = await call(method, path, options);
  const text = await response.text();
  expect(response.status, `${method} ${path}: ${text}`).toBe(status);
  const body = JSON.parse(text) as ErrorBody;
  expect(body.code).toBe(status);
  if (messageKey) expect(body.messageKey, body.message).toBe(messageKey);
  return body;
}

/** A SENT package of two signers; Signer1 (and whoever `verified` names) must pass EMAIL_OTP. */
async function sentPackage(account: SeededAccount, verified: string[] = ["Signer1"]): Promise<string> {
  const key = account.apiKey;
  const id = await createPackageWithFiles(key, packagePayload({ signers: 2 }));
  for (const roleId of verified) {
    await callJson("POST", `/api/packages/${id}/roles/${roleId}/verification`, { key, json: { typeId: "EMAIL_OTP", payload: "" } });
  }
  await callJson("POST", `/api/packages/${id}`, { key, json: { status: "SENT" } });
  return id;
}

/**
 * Opens the role's ceremony the way a signer does: the signing URL the sender reads, then
 * `/access` with its token; answers the session cookie (`name=value`) to send back.
 */
async function openCeremony(account: SeededAccount, packageId: string, roleId: string): Promise<string> {
  const { url } = await callJson<{ url: string }>("GET", `/api/packages/${packageId}/roles/${roleId}/signingUrl`, { key: account.apiKey });
  const access = new URL(url);
  const response = await call("GET", `${access.pathname}${access.search}`);
  expect(response.status).toBe(303);
  const setCookie = response.headers.get("set-cookie") ?? "";
  const cookie = setCookie.split(";")[0];
  expect(cookie, `no session cookie from /access (status ${response.status})`).toMatch(new RegExp(`^signet_signing_${packageId}=.+`));
  return cookie;
}

const as = (cookie: string, options: CallOptions = {}): CallOptions => ({ ...options, headers: { ...options.headers, cookie } });

async function outboxOf(packageId: string, kind: string) {
  const db = await getDb();
  return db
    .select({ id: outboxMessages.id, to: outboxMessages.to, subject: outboxMessages.subject, text: outboxMessages.text })
    .from(outboxMessages)
    .where(and(eq(outboxMessages.packageId, packageId), eq(outboxMessages.kind, kind)));
}

/** Asks for a code and reads it from the e-mail that carried it (the outbox keeps every message's text). */
async function requestCode(packageId: string, cookie: string): Promise<{ code: string; answer: Status & { sentTo: string } }> {
  const before = new Set((await outboxOf(packageId, "ONE_TIME_CODE")).map((mail) => mail.id));
  const answer = await callJson<Status & { sentTo: string }>("POST", otpPath(packageId), as(cookie));
  const fresh = (await outboxOf(packageId, "ONE_TIME_CODE")).filter((mail) => !before.has(mail.id));
  expect(fresh).toHaveLength(1);
  expect(fresh[0].to).toBe(answer.sentTo);
  const code = /\b(\d{6})\b/.exec(fresh[0].text)?.[1];
  expect(code, fresh[0].text).toBeDefined();
  return { code: code!, answer };
}

/** A six-digit code that is not `code`. */
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

async function stateOf(packageId: string, roleId: string) {
  const db = await getDb();
  const [state] = await db
    .select()
    .from(roleSigningStates)
    .where(and(eq(roleSigningStates.packageId, packageId), eq(roleSigningStates.roleId, roleId)));
  return state;
}

async function eventsOf(packageId: string, name: string) {
  const db = await getDb();
  return db
    .select({ sessionUser: auditEvents.sessionUser, message: auditEvents.message })
    .from(auditEvents)
    .where(and(eq(auditEvents.packageId, packageId), eq(auditEvents.name, name)))
    .orderBy(asc(auditEvents.id));
}

describe("EMAIL_OTP in the signing ceremony", () => {
  it("e-mails a six-digit code, stores only its hash, and the right code verifies the signer", async () => {
    const account = await seedAccount();
    const id = await sentPackage(account);
    const cookie = await openCeremony(account, id, "Signer1");
    const db = await getDb();

    expect(await callJson<Status>("GET", statusPath(id), as(cookie))).toEqual({
      required: true,
      typeId: "EMAIL_OTP",
      verified: false,
      signerLocked: false,
      attemptsLeft: 5,
    });
    expect(await isRoleVerified(db, id, "Signer1")).toBe(false);

    const sentAt = Date.now();
    const { code, answer } = await requestCode(id, cookie);
    expect(answer).toMatchObject({ required: true, typeId: "EMAIL_OTP", verified: false, attemptsLeft: 5, sentTo: "signer1@example.test" });
    const expiresIn = Date.parse(answer.codeExpires!) - sentAt;
    expect(expiresIn).toBeGreaterThan(9 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(10 * 60_000 + 5_000);
    expect(answer.resendAfter).toBeDefined();
    const [mail] = await outboxOf(id, "ONE_TIME_CODE");
    expect(mail.subject).toContain("Contract");
    expect(mail.text).toContain("10 minutes");

    const stored = await stateOf(id, "Signer1");
    expect(stored.otpHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.otpHash).not.toContain(code);
    expect(stored.verified).toBeNull();

    const verified = await callJson<Status>("POST", verifyPath(id), as(cookie, { json: { code: `${code.slice(0, 3)} ${code.slice(3)}` } }));
    expect(verified).toEqual({ required: true, typeId: "EMAIL_OTP", verified: true, signerLocked: false, attemptsLeft: 5 });
    const after = await stateOf(id, "Signer1");
    expect(after.verified).not.toBeNull();
    expect(after).toMatchObject({ otpHash: null, otpExpires: null, otpFailedAttempts: 0, signerLocked: null });
    expect(await isRoleVerified(db, id, "Signer1")).toBe(true);

    // Verified: entering the code again is harmless, asking for another is pointless.
    expect(await callJson<Status>("POST", verifyPath(id), as(cookie, { json: { code } }))).toMatchObject({ verified: true });
    await expectError("POST", otpPath(id), as(cookie), 409, "error.conflict.signerAlreadyVerified");
  });

  it("counts wrong codes down, locks the signer at the fifth, records SIGNER_LOCKED and e-mails the sender", async () => {
    const account = await seedAccount();
    const id = await sentPackage(account);
    const cookie = await openCeremony(account, id, "Signer1");
    const { code } = await requestCode(id, cookie);

    for (const attemptsLeft of [4, 3, 2, 1]) {
      const wrong = await expectError("POST", verifyPath(id), as(cookie, { json: { code: wrongCode(code) } }), 400, "error.validation.wrongOneTimeCode");
      expect(wrong.entity).toEqual({ attemptsLeft });
      expect(wrong.message).toContain(`${attemptsLeft} attempt(s) left`);
    }
    expect((await stateOf(id, "Signer1")).otpFailedAttempts).toBe(4);
    expect(await eventsOf(id, "SIGNER_LOCKED")).toEqual([]);

    await expectError("POST", verifyPath(id), as(cookie, { json: { code: wrongCode(code) } }), 403, "error.forbidden.signerLocked");
    const state = await stateOf(id, "Signer1");
    expect(state.signerLocked).not.toBeNull();
    expect(state).toMatchObject({ otpFailedAttempts: 5, otpHash: null, verified: null });
    expect(await eventsOf(id, "SIGNER_LOCKED")).toEqual([{ sessionUser: "Signer1", message: "signer1@example.test entered 5 wrong one-time codes" }]);
    const toSender = await outboxOf(id, "SIGNER_LOCKED");
    expect(toSender).toHaveLength(1);
    expect(toSender[0].to).toBe(account.email);
    expect(toSender[0].text).toContain("signer1@example.test");

    // Locked: even the right code, and any new code, is refused.
    await expectError("POST", verifyPath(id), as(cookie, { json: { code } }), 403, "error.forbidden.signerLocked");
    await expectError("POST", otpPath(id), as(cookie), 403, "error.forbidden.signerLocked");
    expect(await callJson<Status>("GET", statusPath(id), as(cookie))).toMatchObject({ signerLocked: true, verified: false, attemptsLeft: 0 });
    expect(await isRoleVerified(await getDb(), id, "Signer1")).toBe(false);
    expect(await eventsOf(id, "SIGNER_LOCKED")).toHaveLength(1);
  });

  it("lets the signer start again once the sender unlocks them", async () => {
    const account = await seedAccount();
    const id = await sentPackage(account);
    const cookie = await openCeremony(account, id, "Signer1");
    const { code } = await requestCode(id, cookie);
    for (let i = 0; i < 5; i++) await call("POST", verifyPath(id), as(cookie, { json: { code: wrongCode(code) } }));
    expect((await stateOf(id, "Signer1")).signerLocked).not.toBeNull();

    const unlocked = await call("POST", `/api/packages/${id}/roles/Signer1/unlock`, { key: account.apiKey });
    expect(unlocked.status, await unlocked.clone().text()).toBeLessThan(300);
    expect(await callJson<Status>("GET", statusPath(id), as(cookie))).toMatchObject({ signerLocked: false, attemptsLeft: 5 });

    // The lock threw the old code away: a new one may be asked for at once, and it works.
    const again = await requestCode(id, cookie);
    await expectError("POST", verifyPath(id), as(cookie, { json: { code: wrongCode(again.code) } }), 400, "error.validation.wrongOneTimeCode");
    expect(await callJson<Status>("POST", verifyPath(id), as(cookie, { json: { code: again.code } }))).toMatchObject({ verified: true });
  });

  it("refuses an expired code without counting it, and sends a new one", async () => {
    const account = await seedAccount();
    const id = await sentPackage(account);
    const cookie = await openCeremony(account, id, "Signer1");
    const { code } = await requestCode(id, cookie);

    advanceClock(9 * 60_000);
    expect(await callJson<Status>("GET", statusPath(id), as(cookie))).toMatchObject({ codeExpires: expect.any(String) });
    advanceClock(60_000 + 1_000);
    const expired = await expectError("POST", verifyPath(id), as(cookie, { json: { code } }), 400, "error.validation.oneTimeCodeExpired");
    expect(expired.message).toContain("expired");
    expect((await stateOf(id, "Signer1")).otpFailedAttempts).toBe(0);
    expect(await callJson<Status>("GET", statusPath(id), as(cookie))).not.toHaveProperty("codeExpires");

    const fresh = await requestCode(id, cookie);
    expect(fresh.answer.attemptsLeft).toBe(5);
    expect(await callJson<Status>("POST", verifyPath(id), as(cookie, { json: { code: fresh.code } }))).toMatchObject({ verified: true });
  });

  it("sends at most one code every 30 seconds (429), and a new code replaces the old one without resetting the count", async () => {
    const account = await seedAccount();
    const id = await sentPackage(account);
    const cookie = await openCeremony(account, id, "Signer1");
    const first = await requestCode(id, cookie);

    const tooSoon = await expectError("POST", otpPath(id), as(cookie), 429, "error.tooManyRequests.oneTimeCodeResend");
    expect(tooSoon.message).toContain("30 seconds");
    const retryAfter = tooSoon.entity?.retryAfterSeconds as number;
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(30);
    expect(await outboxOf(id, "ONE_TIME_CODE")).toHaveLength(1);

    advanceClock(20_000);
    await expectError("POST", otpPath(id), as(cookie), 429, "error.tooManyRequests.oneTimeCodeResend");
    await expectError("POST", verifyPath(id), as(cookie, { json: { code: wrongCode(first.code) } }), 400, "error.validation.wrongOneTimeCode");
    advanceClock(11_000);
    const second = await requestCode(id, cookie);
    expect(second.answer.attemptsLeft).toBe(4);

    if (second.code !== first.code) {
      const old = await expectError("POST", verifyPath(id), as(cookie, { json: { code: first.code } }), 400, "error.validation.wrongOneTimeCode");
      expect(old.entity).toEqual({ attemptsLeft: 3 });
    }
    expect(await callJson<Status>("POST", verifyPath(id), as(cookie, { json: { code: second.code } }))).toMatchObject({ verified: true, attemptsLeft: 5 });
  });

  it("answers a signer without verification, a missing session, a code not asked for and bad input", async () => {
    const account = await seedAccount();
    const id = await sentPackage(account);
    const signer1 = await openCeremony(account, id, "Signer1");
    const signer2 = await openCeremony(account, id, "Signer2");
    const db = await getDb();

    expect(await callJson<Status>("GET", statusPath(id), as(signer2))).toEqual({ required: false, verified: false, signerLocked: false, attemptsLeft: 5 });
    expect(await isRoleVerified(db, id, "Signer2")).toBe(true);
    await expectError("POST", otpPath(id), as(signer2), 409, "error.conflict.noEmailOtpVerification");
    await expectError("POST", verifyPath(id), as(signer2, { json: { code: "123456" } }), 409, "error.conflict.noEmailOtpVerification");
    expect(await outboxOf(id, "ONE_TIME_CODE")).toEqual([]);

    for (const path of [statusPath(id), otpPath(id), verifyPath(id)]) {
      const method = path === statusPath(id) ? "GET" : "POST";
      await expectError(method, path, { json: method === "POST" ? { code: "123456" } : undefined }, 401);
      await expectError(method, path, { headers: { cookie: `signet_signing_${id}=not-a-session` } }, 401);
    }
    // Another package's cookie does not open this one.
    const other = await sentPackage(account);
    await expectError("POST", otpPath(other), as(signer1), 401);

    await expectError("POST", verifyPath(id), as(signer1, { json: { code: "123456" } }), 409, "error.conflict.noOneTimeCode");
    for (const code of ["12345", "1234567", "abcdef", 123456, null]) {
      const bad = await expectError("POST", verifyPath(id), as(signer1, { json: { code } }), 400, "error.validation.invalidBody");
      expect(bad.message).toContain("code");
    }
    await expectError("POST", verifyPath(id), as(signer1, { json: {} }), 400, "error.validation.invalidBody");
    await expectError("POST", verifyPath(id), as(signer1, { body: "{", headers: { "content-type": "application/json" } }), 400, "error.validation.invalidJson");
    expect((await stateOf(id, "Signer1")).otpFailedAttempts).toBe(0);
  });

  it("counts requests of the same signer at the same time one after the other: one code, one lock", async () => {
    const account = await seedAccount();
    const id = await sentPackage(account);
    const cookie = await openCeremony(account, id, "Signer1");
    const sends = await Promise.all([1, 2, 3].map(() => call("POST", otpPath(id), as(cookie))));
    expect(sends.map((response) => response.status).sort()).toEqual([200, 429, 429]);
    const [mail] = await outboxOf(id, "ONE_TIME_CODE");
    const code = /\b(\d{6})\b/.exec(mail.text)![1];

    const guesses = await Promise.all([1, 2, 3, 4, 5, 6].map(() => call("POST", verifyPath(id), as(cookie, { json: { code: wrongCode(code) } }))));
    const bodies = (await Promise.all(guesses.map((response) => response.json()))) as ErrorBody[];
    expect(bodies.map((body) => body.code).sort()).toEqual([400, 400, 400, 400, 403, 403]);
    expect(bodies.filter((body) => body.code === 400).map((body) => body.entity?.attemptsLeft).sort()).toEqual([1, 2, 3, 4]);
    expect((await stateOf(id, "Signer1")).otpFailedAttempts).toBe(5);
    expect(await eventsOf(id, "SIGNER_LOCKED")).toHaveLength(1);
    expect(await outboxOf(id, "SIGNER_LOCKED")).toHaveLength(1);
  });

  it("sends a group's code to the member who opened their invitation, by name", async () => {
    const account = await seedAccount();
    const member = await seedSender(account);
    const db = await getDb();
    await db.update(users).set({ firstName: "Gina", lastName: "Member" }).where(eq(users.id, member.userId));
    const groupId = await seedGroup(account, { name: "Legal", email: `legal-${member.userId}@example.test` }, [member.userId]);
    const key = account.apiKey;
    const id = await createPackageWithFiles(key, {
      name: "Group deal",
      roles: [{ id: "Legal", index: 1, type: "SIGNER", signers: [{ group: { id: groupId } }] }],
      documents: [{ id: "doc1", name: "Deal", approvals: [{ role: "Legal", fields: [{ type: "SIGNATURE", subtype: "FULLNAME", page: 0, top: 600, left: 100, width: 200, height: 50 }] }] }],
    });
    await callJson("POST", `/api/packages/${id}/roles/Legal/verification`, { key, json: { typeId: "EMAIL_OTP" } });
    await callJson("POST", `/api/packages/${id}`, { key, json: { status: "SENT" } });

    const invitation = (await outboxOf(id, "SIGNING_INVITATION")).find((mail) => mail.to === member.email);
    const link = /\/access\?sessionToken=[\w-]+/.exec(invitation?.text ?? "")?.[0];
    expect(link, invitation?.text).toBeDefined();
    const opened = await call("GET", link!);
    const cookie = (opened.headers.get("set-cookie") ?? "").split(";")[0];

    const { code, answer } = await requestCode(id, cookie);
    expect(answer.sentTo).toBe(member.email);
    const [mail] = await outboxOf(id, "ONE_TIME_CODE");
    expect(mail.text).toContain("Gina Member");
    expect(await callJson<Status>("POST", verifyPath(id), as(cookie, { json: { code } }))).toMatchObject({ verified: true });
    expect(await isRoleVerified(db, id, "Legal")).toBe(true);
  });

  it("stops answering once the package is withdrawn", async () => {
    const account = await seedAccount();
    const id = await sentPackage(account);
    const cookie = await openCeremony(account, id, "Signer1");
    await callJson("POST", `/api/packages/${id}`, { key: account.apiKey, json: { trashed: true } });
    await expectError("POST", otpPath(id), as(cookie), 409, "error.conflict.packageNotSent");
    await expectError("POST", verifyPath(id), as(cookie, { json: { code: "123456" } }), 409, "error.conflict.packageNotSent");
    expect(await outboxOf(id, "ONE_TIME_CODE")).toEqual([]);
  });
});

describe("assertVerificationsAvailable", () => {
  /** A DRAFT package whose Signer1 carries `typeId` (activated for the account first). */
  async function draftVerifiedWith(typeId: string): Promise<{ account: SeededAccount; id: string }> {
    const account = await seedAccount();
    const key = account.apiKey;
    if (typeId !== "EMAIL_OTP") await callJson("PUT", `/api/account/verificationTypes/${typeId}`, { key });
    const id = await createPackageWithFiles(key, packagePayload({ signers: 2 }));
    await callJson("POST", `/api/packages/${id}/roles/Signer1/verification`, { key, json: { typeId, payload: "" } });
    return { account, id };
  }

  async function refusal(packageId: string): Promise<ServiceError> {
    const db = await getDb();
    const error = await assertVerificationsAvailable(db, packageId).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(ServiceError);
    return error as ServiceError;
  }

  it("refuses a type with no provider configured, naming the role and the type", async () => {
    const { id } = await draftVerifiedWith("ITSME");
    const error = await refusal(id);
    expect(error.status).toBe(422);
    expect(error.messageKey).toBe("error.validation.verificationProviderMissing");
    expect(error.message).toContain('role "Signer1"');
    expect(error.message).toContain("ITSME");
    expect(error.message).toContain("EMAIL_OTP");
  });

  it("keeps such a package from being sent: 422 naming the type, and it stays a DRAFT", async () => {
    const { account, id } = await draftVerifiedWith("BANKID_SE");
    const refused = await expectError("POST", `/api/packages/${id}`, { key: account.apiKey, json: { status: "SENT" } }, 422, "error.validation.verificationProviderMissing");
    expect(refused.message).toContain("BANKID_SE");
    expect(refused.message).toContain("Signer1");
    expect(await callJson<{ status: string }>("GET", `/api/packages/${id}`, { key: account.apiKey })).toMatchObject({ status: "DRAFT" });
  });

  it("accepts EMAIL_OTP, no verification at all, and a type once a provider is registered for it", async () => {
    const db = await getDb();
    const otp = await draftVerifiedWith("EMAIL_OTP");
    await expect(assertVerificationsAvailable(db, otp.id)).resolves.toBeUndefined();
    const plain = await createPackageWithFiles(otp.account.apiKey, packagePayload({ signers: 1 }));
    await expect(assertVerificationsAvailable(db, plain)).resolves.toBeUndefined();

    const { id } = await draftVerifiedWith("IDIN");
    const provider: VerificationProvider = {
      typeId: "iDIN",
      start: () => Promise.resolve({ redirectUrl: "https://idin.example.test/start" }),
      handleCallback: () => Promise.resolve({ packageId: id, roleId: "Signer1", status: "VERIFIED" }),
      result: (packageId, roleId) => Promise.resolve({ packageId, roleId, status: "PENDING" }),
    };
    const unregister = registerVerificationProvider(provider);
    try {
      await expect(assertVerificationsAvailable(db, id)).resolves.toBeUndefined();
    } finally {
      unregister();
    }
    expect((await refusal(id)).message).toContain("IDIN");
  });

  it("isRoleVerified: true without a verification, false until the state says verified", async () => {
    const db = await getDb();
    const { id } = await draftVerifiedWith("EMAIL_OTP");
    expect(await isRoleVerified(db, id, "Signer2")).toBe(true);
    expect(await isRoleVerified(db, id, "Signer1")).toBe(false);
    expect(await isRoleVerified(db, id, "Nobody")).toBe(false);
  });
});
