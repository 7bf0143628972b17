import { and, asc, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { auditEvents, callbackDeliveries, outboxMessages, roles } from "@/lib/db/schema";
import { call, callJson, type CallOptions } from "../support/api-client";
import { createPackageWithFiles, packagePayload } from "../support/packages";
import { makePdf, multipartBody } from "../support/pdfs";
import { pdfText } from "../support/poppler";
import { seedAccount, seedSender, type SeededAccount } from "../support/seed";
import { hashStoredAnswers } from "@/lib/esign/signing/authentication/hash-stored-answers";
import { startTwilioServer } from "../support/twilio-server";

/**
 * A signer's own authentication (the original's `auth`): CHALLENGE questions asked before any
 * document, answers stored hashed and never read back, wrong answers and SMS codes locking the
 * signer (SIGNER_LOCKED) until the sender unlocks them, SMS sent through Twilio's Messages API,
 * and KBA and SMS without a provider refused with 422.
 */

interface ErrorBody {
  code: number;
  name: string;
  message: string;
  messageKey: string;
  entity?: Record<string, unknown>;
}
interface AuthStatus {
  scheme: string;
  passed: boolean;
  signerLocked: boolean;
  attemptsLeft: number;
  questions?: { question: string; maskInput: boolean }[];
  phone?: string;
}
interface View {
  progress: { authentication: AuthStatus | null; locked: boolean };
  documents: { id: string }[];
  attachmentRequirements: unknown[];
}

const QUESTIONS = {
  scheme: "CHALLENGE",
  challenges: [
    { question: "What is the name of your first pet?", answer: "Rex the Dog", maskInput: false },
    { question: "In which city were you born?", answer: "Montréal", maskInput: true },
  ],
};
const RIGHT = ["  rex THE   dog ", "MONTRÉAL"];

const TWILIO_SETTINGS = ["TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN", "TWILIO_FROM_NUMBER", "TWILIO_API_URL"];
let savedEnv: Record<string, string | undefined> = {};
beforeEach(() => {
  savedEnv = Object.fromEntries(TWILIO_SETTINGS.map((name) => [name, process.env[name]]));
  for (const name of TWILIO_SETTINGS) delete process.env[name];
});
afterEach(() => {
  for (const name of TWILIO_SETTINGS) {
    if (savedEnv[name] === undefined) delete process.env[name];
    else process.env[name] = savedEnv[name];
  }
});

async function expectError(response: Response, status: number, messageKey?: string): Promise<ErrorBody> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  const body = JSON.parse(text) as ErrorBody;
  expect(body).toMatchObject({ code: status, name: expect.any(String), message: expect.any(String), messageKey: expect.any(String) });
  if (messageKey) expect(body.messageKey, body.message).toBe(messageKey);
  return body;
}

function payloadWithAuth(auth: unknown, extra: Record<string, unknown> = {}) {
  const payload = packagePayload({ signers: 1 });
  payload.roles[0].signers[0] = { ...payload.roles[0].signers[0], auth, ...extra } as (typeof payload.roles)[0]["signers"][0];
  return payload;
}

async function sentPackageWithAuth(account: SeededAccount, auth: unknown, extra: Record<string, unknown> = {}): Promise<string> {
  const id = await createPackageWithFiles(account.apiKey, payloadWithAuth(auth, extra));
  await callJson("POST", `/api/packages/${id}`, { key: account.apiKey, json: { status: "SENT" } });
  return id;
}

async function openCeremony(account: SeededAccount, packageId: string, roleId = "Signer1"): Promise<string> {
  const { url } = await callJson<{ url: string }>("GET", `/api/packages/${packageId}/roles/${roleId}/signingUrl`, { key: account.apiKey });
  const access = new URL(url);
  const response = await call("GET", `${access.pathname}${access.search}`);
  expect(response.status).toBe(303);
  return (response.headers.get("set-cookie") ?? "").split(";")[0];
}

const as = (cookie: string, options: CallOptions = {}): CallOptions => ({ ...options, headers: { ...options.headers, cookie, "user-agent": "AuthTest/1.0" } });

async function eventsOf(packageId: string, name: string) {
  const db = await getDb();
  return db
    .select({ sessionUser: auditEvents.sessionUser, message: auditEvents.message })
    .from(auditEvents)
    .where(and(eq(auditEvents.packageId, packageId), eq(auditEvents.name, name)))
    .orderBy(asc(auditEvents.id));
}

function configureTwilio(url: string, accountSid = "AC0123456789abcdef", authToken = "secret-token") {
  process.env.TWILIO_ACCOUNT_SID = accountSid;
  process.env.TWILIO_AUTH_TOKEN = authToken;
  process.env.TWILIO_FROM_NUMBER = "+15005550006";
  process.env.TWILIO_API_URL = url;
}

describe("CHALLENGE: questions and answers", () => {
  it("checks answers by hash, answers the unmasked ones back to the package's owner only (UpdateSignerExample), and keeps them when the role is updated", async () => {
    const account = await seedAccount();
    const sender = await seedSender(account);
    const id = await createPackageWithFiles(sender.apiKey, payloadWithAuth(QUESTIONS));
    type Read = { roles: { id: string; signers: { auth: unknown }[] }[] };
    const authOf = (pkg: Read) => pkg.roles.find((role) => role.id === "Signer1")!.signers[0].auth;
    // The owner wrote them: the answer typed in the clear comes back, the masked one never.
    expect(authOf(await callJson<Read>("GET", `/api/packages/${id}`, { key: sender.apiKey }))).toEqual({
      scheme: "CHALLENGE",
      challenges: [
        { question: "What is the name of your first pet?", answer: "Rex the Dog", maskInput: false },
        { question: "In which city were you born?", maskInput: true },
      ],
    });
    expect(JSON.stringify(await callJson("GET", `/api/packages/${id}/roles`, { key: sender.apiKey }))).toContain("Rex the Dog");
    // Anyone else who may read the package (here the account's owner) reads the questions only.
    const pkg = await callJson<Read>("GET", `/api/packages/${id}`, { key: account.apiKey });
    expect(authOf(pkg)).toEqual({
      scheme: "CHALLENGE",
      challenges: [
        { question: "What is the name of your first pet?", maskInput: false },
        { question: "In which city were you born?", maskInput: true },
      ],
    });
    const role = await callJson<Record<string, unknown>>("GET", `/api/packages/${id}/roles/Signer1`, { key: account.apiKey });
    const everything = JSON.stringify([pkg, role]);
    expect(everything).not.toContain("Rex the Dog");
    expect(everything).not.toContain("Montréal");
    expect(everything).not.toContain("answer");

    // Stored: hashes, and the unmasked answer encrypted; no answer in the clear.
    const db = await getDb();
    const [row] = await db.select({ signer: roles.signer }).from(roles).where(and(eq(roles.packageId, id), eq(roles.id, "Signer1")));
    const stored = JSON.stringify(row.signer);
    expect(stored).not.toContain("Rex the Dog");
    expect(stored).not.toContain("Montréal");
    const challenges = (row.signer!.auth as { challenges: { answerHash: string; answerSealed?: string }[] }).challenges;
    expect(challenges[0].answerHash).toMatch(/^scrypt\$/);
    expect(challenges[0].answerSealed).toEqual(expect.any(String));
    expect(challenges[1].answerSealed).toBeUndefined();

    // A client that read the role and sends it back (answers absent) keeps the stored answers.
    await callJson("PUT", `/api/packages/${id}/roles/Signer1`, { key: sender.apiKey, json: role });
    expect(JSON.stringify(await callJson("GET", `/api/packages/${id}/roles/Signer1`, { key: sender.apiKey }))).toContain("Rex the Dog");
    await callJson("POST", `/api/packages/${id}`, { key: sender.apiKey, json: { status: "SENT" } });
    const cookie = await openCeremony(sender, id);
    expect((await callJson<AuthStatus>("POST", `/api/signing/${id}/authentication/answers`, as(cookie, { json: { answers: RIGHT } }))).passed).toBe(true);
  });

  it("shows no document and refuses every ceremony action until the questions are answered", async () => {
    const account = await seedAccount();
    const id = await sentPackageWithAuth(account, QUESTIONS);
    const cookie = await openCeremony(account, id);

    const before = await callJson<View>("GET", `/api/signing/${id}`, as(cookie));
    expect(before.documents).toEqual([]);
    expect(before.progress.authentication).toEqual({
      scheme: "CHALLENGE",
      passed: false,
      signerLocked: false,
      attemptsLeft: 5,
      questions: [
        { question: "What is the name of your first pet?", maskInput: false },
        { question: "In which city were you born?", maskInput: true },
      ],
    });
    expect(JSON.stringify(before)).not.toContain("Rex the Dog");
    await expectError(await call("GET", `/api/signing/${id}/documents/doc1/pdf`, as(cookie)), 403, "error.forbidden.signerAuthenticationRequired");
    await expectError(await call("POST", `/api/signing/${id}/consent`, as(cookie)), 403, "error.forbidden.signerAuthenticationRequired");
    await expectError(
      await call("POST", `/api/signing/${id}/documents/doc1/sign`, as(cookie, { json: { approvals: [] } })),
      403,
      "error.forbidden.signerAuthenticationRequired",
    );
    await expectError(await call("POST", `/api/signing/${id}/authentication/answers`, as(cookie, { json: { answers: ["Rex the Dog"] } })), 400, "error.validation.signerAnswers");

    const passed = await callJson<AuthStatus>("POST", `/api/signing/${id}/authentication/answers`, as(cookie, { json: { answers: RIGHT } }));
    expect(passed).toMatchObject({ scheme: "CHALLENGE", passed: true, signerLocked: false });
    const after = await callJson<View>("GET", `/api/signing/${id}`, as(cookie));
    expect(after.documents.map((document) => document.id)).toEqual(["doc1"]);
    expect((await call("GET", `/api/signing/${id}/documents/doc1/pdf`, as(cookie))).status).toBe(200);
    expect((await call("POST", `/api/signing/${id}/consent`, as(cookie))).status).toBe(204);
    expect(await eventsOf(id, "SIGNER_AUTHENTICATED")).toEqual([{ sessionUser: "Signer1", message: "signer1@example.test answered 2 security questions" }]);

    // The evidence summary says how the signer was authenticated, and when.
    const summary = await call("GET", `/api/packages/${id}/evidence/summary`, { key: account.apiKey });
    expect(summary.status).toBe(200);
    const text = pdfText(new Uint8Array(await summary.arrayBuffer())).replace(/\s+/g, " ");
    expect(text).toMatch(/Security questions \(Q&A, 2 questions\): passed/);
    expect(text).toContain("answered 2 security questions");
    expect(text).not.toContain("Rex the Dog");
  });

  it("refuses an attachment upload before the questions are answered: it could complete the signer's part", async () => {
    const account = await seedAccount();
    const payload = payloadWithAuth(QUESTIONS);
    Object.assign(payload.roles[0], { attachmentRequirements: [{ name: "Photo ID", description: "Both sides", required: true }] });
    const id = await createPackageWithFiles(account.apiKey, payload);
    await callJson("POST", `/api/packages/${id}`, { key: account.apiKey, json: { status: "SENT" } });
    const cookie = await openCeremony(account, id);
    const role = await callJson<{ attachmentRequirements: { id: string }[] }>("GET", `/api/packages/${id}/roles/Signer1`, { key: account.apiKey });
    const attachmentId = role.attachmentRequirements[0].id;
    const form = () => {
      const data = new FormData();
      data.append("file", new Blob([new Uint8Array(Buffer.from("%PDF-1.4 id"))], { type: "application/pdf" }), "id.pdf");
      return data;
    };
    await expectError(await call("POST", `/api/signing/${id}/attachments/${attachmentId}`, as(cookie, { body: form() })), 403, "error.forbidden.signerAuthenticationRequired");
    await expectError(await call("POST", `/api/packages/${id}/attachment/${attachmentId}`, as(cookie, { body: form() })), 403, "error.forbidden.signerAuthenticationRequired");
    const after = await callJson<{ attachmentRequirements: { files: unknown[] }[] }>("GET", `/api/packages/${id}/roles/Signer1`, { key: account.apiKey });
    expect(after.attachmentRequirements[0].files).toEqual([]);
  });

  it("hashes, at start, the answers stored before answers were hashed, and the signer passes with them", async () => {
    const account = await seedAccount();
    const id = await sentPackageWithAuth(account, QUESTIONS);
    // The row as an earlier version stored it: the answers as given.
    const db = await getDb();
    const where = and(eq(roles.packageId, id), eq(roles.id, "Signer1"));
    const [row] = await db.select({ signer: roles.signer }).from(roles).where(where);
    const legacy = { ...row.signer, auth: { scheme: "CHALLENGE", challenges: QUESTIONS.challenges } };
    await db.update(roles).set({ signer: legacy }).where(where);

    expect(await hashStoredAnswers(db)).toBeGreaterThanOrEqual(1);
    expect(await hashStoredAnswers(db)).toBe(0);
    const [after] = await db.select({ signer: roles.signer }).from(roles).where(where);
    expect(JSON.stringify(after.signer)).not.toContain("Rex the Dog");
    expect(JSON.stringify(after.signer)).toContain("answerHash");
    const cookie = await openCeremony(account, id);
    expect((await callJson<AuthStatus>("POST", `/api/signing/${id}/authentication/answers`, as(cookie, { json: { answers: RIGHT } }))).passed).toBe(true);
  });

  it("locks the signer at the fifth wrong attempt, delivers SIGNER_LOCKED, and the sender unlocks them", async () => {
    const account = await seedAccount();
    await callJson("POST", "/api/callback", { key: account.apiKey, json: { url: "https://hooks.example.test/signet", events: ["SIGNER_LOCKED"] } });
    const id = await sentPackageWithAuth(account, QUESTIONS);
    const cookie = await openCeremony(account, id);
    const answer = (answers: string[]) => call("POST", `/api/signing/${id}/authentication/answers`, as(cookie, { json: { answers } }));

    for (let left = 4; left >= 1; left--) {
      const wrong = await expectError(await answer(["Rex the Dog", "Toronto"]), 400, "error.validation.wrongSignerAnswers");
      expect(wrong.entity).toEqual({ attemptsLeft: left });
    }
    expect(await eventsOf(id, "SIGNER_LOCKED")).toEqual([]);
    await expectError(await answer(["Fido", "Paris"]), 403, "error.forbidden.signerLocked");
    // Locked: even the right answers are refused now.
    await expectError(await answer(RIGHT), 403, "error.forbidden.signerLocked");
    expect(await eventsOf(id, "SIGNER_LOCKED")).toEqual([{ sessionUser: "Signer1", message: "signer1@example.test entered 5 wrong answers to their security questions" }]);
    const db = await getDb();
    const deliveries = await db.select().from(callbackDeliveries).where(and(eq(callbackDeliveries.packageId, id), eq(callbackDeliveries.eventName, "SIGNER_LOCKED")));
    expect(deliveries).toHaveLength(1);
    const toSender = await db.select().from(outboxMessages).where(and(eq(outboxMessages.packageId, id), eq(outboxMessages.kind, "SIGNER_LOCKED")));
    expect(toSender).toHaveLength(1);
    const view = await callJson<View>("GET", `/api/signing/${id}`, as(cookie));
    expect(view.progress.authentication).toMatchObject({ passed: false, signerLocked: true, attemptsLeft: 0 });
    expect(view.documents).toEqual([]);

    await callJson("POST", `/api/packages/${id}/roles/Signer1/unlock`, { key: account.apiKey });
    expect(await eventsOf(id, "SIGNER_UNLOCK")).toHaveLength(1);
    expect((await callJson<View>("GET", `/api/signing/${id}`, as(cookie))).progress.authentication).toMatchObject({ signerLocked: false, attemptsLeft: 5 });
    expect((await callJson<AuthStatus>("POST", `/api/signing/${id}/authentication/answers`, as(cookie, { json: { answers: RIGHT } }))).passed).toBe(true);
  });

  it("refuses a CHALLENGE without questions or without answers with 400", async () => {
    const account = await seedAccount();
    const create = (auth: unknown) => {
      return createPackageWithFiles(account.apiKey, payloadWithAuth(auth)).then(
        () => {
          throw new Error("accepted");
        },
        (error: Error) => error.message,
      );
    };
    expect(await create({ scheme: "CHALLENGE", challenges: [] })).toMatch(/400[\s\S]*at least one question/);
    expect(await create({ scheme: "CHALLENGE", challenges: [{ question: "Pet?" }] })).toMatch(/400[\s\S]*has no answer/);
    expect(await create({ scheme: "CHALLENGE", challenges: [{ answer: "Rex" }] })).toMatch(/400[\s\S]*has no question/);
    const id = await createPackageWithFiles(account.apiKey, packagePayload({ signers: 1 }));
    const body = await expectError(
      await call("PUT", `/api/packages/${id}/roles/Signer1`, {
        key: account.apiKey,
        json: { signers: [{ email: "signer1@example.test", firstName: "A", lastName: "B", auth: { scheme: "SMS", challenges: [] } }] },
      }),
      400,
      "error.validation.signerAuthentication",
    );
    expect(body.message).toContain("phone");
  });
});

describe("SMS: a code texted through Twilio's Messages API", () => {
  it("is refused with 422 naming the missing settings when no provider is configured", async () => {
    const account = await seedAccount();
    const refused = await expectError(
      await call("PUT", `/api/packages/${await createPackageWithFiles(account.apiKey, packagePayload({ signers: 1 }))}/roles/Signer1`, {
        key: account.apiKey,
        json: { signers: [{ email: "signer1@example.test", firstName: "A", lastName: "B", auth: { scheme: "SMS", challenges: [{ question: "514 555 0199" }] } }] },
      }),
      422,
      "error.validation.signerAuthenticationProviderMissing",
    );
    expect(refused.message).toContain("TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM_NUMBER");

    // Created while configured, then sent without: refused at sending too.
    configureTwilio("http://127.0.0.1:9");
    const id = await createPackageWithFiles(account.apiKey, payloadWithAuth({ scheme: "SMS", challenges: [{ question: "5145550199" }] }));
    delete process.env.TWILIO_AUTH_TOKEN;
    const notSent = await expectError(await call("POST", `/api/packages/${id}`, { key: account.apiKey, json: { status: "SENT" } }), 422, "error.validation.signerAuthenticationProviderMissing");
    expect(notSent.message).toContain("TWILIO_AUTH_TOKEN");
    expect((await callJson<{ status: string }>("GET", `/api/packages/${id}`, { key: account.apiKey })).status).toBe("DRAFT");
  });

  it("normalises the phone, texts a code with Basic auth and form fields, and the code authenticates the signer", async () => {
    const twilio = await startTwilioServer("AC0123456789abcdef", "secret-token");
    try {
      configureTwilio(twilio.url);
      const account = await seedAccount();
      const id = await sentPackageWithAuth(account, { scheme: "SMS", challenges: [{ question: "(514) 555-0199" }] });
      const pkg = await callJson<{ roles: { id: string; signers: { auth: unknown }[] }[] }>("GET", `/api/packages/${id}`, { key: account.apiKey });
      // Ten digits without + are North American: the original adds the country code 1.
      expect(pkg.roles.find((role) => role.id === "Signer1")!.signers[0].auth).toEqual({ scheme: "SMS", challenges: [{ question: "15145550199", maskInput: false }] });

      const cookie = await openCeremony(account, id);
      const view = await callJson<View>("GET", `/api/signing/${id}`, as(cookie));
      expect(view.progress.authentication).toMatchObject({ scheme: "SMS", passed: false, phone: "•••• 0199" });
      expect(view.documents).toEqual([]);
      await expectError(await call("GET", `/api/signing/${id}/documents/doc1/pdf`, as(cookie)), 403, "error.forbidden.signerAuthenticationRequired");

      await callJson("POST", `/api/signing/${id}/authentication/sms`, as(cookie));
      expect(twilio.refusals).toEqual([]);
      expect(twilio.messages).toHaveLength(1);
      expect(twilio.messages[0]).toMatchObject({ to: "+15145550199", from: "+15005550006" });
      const code = /\b(\d{6})\b/.exec(twilio.messages[0].body)![1];
      await expectError(await call("POST", `/api/signing/${id}/authentication/sms`, as(cookie)), 429);

      const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
      const refused = await expectError(await call("POST", `/api/signing/${id}/authentication/sms/verify`, as(cookie, { json: { code: wrong } })), 400, "error.validation.wrongOneTimeCode");
      expect(refused.entity).toEqual({ attemptsLeft: 4 });
      expect((await callJson<AuthStatus>("POST", `/api/signing/${id}/authentication/sms/verify`, as(cookie, { json: { code } }))).passed).toBe(true);
      expect((await callJson<View>("GET", `/api/signing/${id}`, as(cookie))).documents.map((document) => document.id)).toEqual(["doc1"]);
    } finally {
      await twilio.close();
    }
  });

  it("locks the signer after five wrong codes (SIGNER_LOCKED) until the sender unlocks them", async () => {
    const twilio = await startTwilioServer("ACfeedface", "other-token");
    try {
      configureTwilio(twilio.url, "ACfeedface", "other-token");
      const account = await seedAccount();
      const id = await sentPackageWithAuth(account, { scheme: "SMS", challenges: [{ question: "+44 20 7946 0958" }] }, { language: "fr" });
      const cookie = await openCeremony(account, id);
      await callJson("POST", `/api/signing/${id}/authentication/sms`, as(cookie));
      expect(twilio.messages[0].to).toBe("+442079460958");
      // In the signer's language, like every step of their ceremony.
      expect(twilio.messages[0].body).toMatch(/^\d{6} est votre code pour signer « .+ »\. Il est valable 10 minutes\./);
      const code = /\b(\d{6})\b/.exec(twilio.messages[0].body)![1];
      const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
      for (let i = 0; i < 4; i++) await expectError(await call("POST", `/api/signing/${id}/authentication/sms/verify`, as(cookie, { json: { code: wrong } })), 400);
      await expectError(await call("POST", `/api/signing/${id}/authentication/sms/verify`, as(cookie, { json: { code: wrong } })), 403, "error.forbidden.signerLocked");
      await expectError(await call("POST", `/api/signing/${id}/authentication/sms/verify`, as(cookie, { json: { code } })), 403, "error.forbidden.signerLocked");
      expect(await eventsOf(id, "SIGNER_LOCKED")).toEqual([{ sessionUser: "Signer1", message: "signer1@example.test entered 5 wrong codes texted to their phone" }]);

      await callJson("POST", `/api/packages/${id}/roles/Signer1/unlock`, { key: account.apiKey });
      await callJson("POST", `/api/signing/${id}/authentication/sms`, as(cookie));
      const fresh = /\b(\d{6})\b/.exec(twilio.messages[1].body)![1];
      expect((await callJson<AuthStatus>("POST", `/api/signing/${id}/authentication/sms/verify`, as(cookie, { json: { code: fresh } }))).passed).toBe(true);
    } finally {
      await twilio.close();
    }
  });

  it("answers 502 when the provider refuses the credentials, lists it in the package's alerts, and lets the signer ask again at once once it is fixed", async () => {
    const twilio = await startTwilioServer("ACright", "right-token");
    try {
      configureTwilio(twilio.url, "ACright", "wrong-token");
      const account = await seedAccount();
      const id = await sentPackageWithAuth(account, { scheme: "SMS", challenges: [{ question: "5145550199" }] });
      const cookie = await openCeremony(account, id);
      await expectError(await call("POST", `/api/signing/${id}/authentication/sms`, as(cookie)), 502, "error.badGateway.smsNotSent");
      expect(twilio.refusals).toEqual(["authorization"]);
      expect(twilio.messages).toEqual([]);
      // The sender sees it among the package's alerts (the original's GetPackageWithAlertsExample asks so); without the extension, no alerts member.
      const { alerts } = await callJson<{ alerts: Record<string, unknown>[] }>("GET", `/api/packages/${id}?extensions=alerts`, { key: account.apiKey });
      expect(alerts).toEqual([
        {
          severityLevel: "WARNING",
          code: "SMS_NOT_SENT",
          defaultMessage: expect.stringMatching(/^The authentication code texted to …0199 \(role \S+\) was not sent\. The text message could not be sent: the provider answered 401/),
          parameters: { roleId: expect.any(String), date: expect.stringMatching(/Z$/) },
        },
      ]);
      expect(await callJson<Record<string, unknown>>("GET", `/api/packages/${id}`, { key: account.apiKey })).not.toHaveProperty("alerts");
      // No code reached the phone, so no resend wait: the next ask goes out.
      configureTwilio(twilio.url, "ACright", "right-token");
      await callJson("POST", `/api/signing/${id}/authentication/sms`, as(cookie));
      expect(twilio.messages).toHaveLength(1);
    } finally {
      await twilio.close();
    }
  });
});

describe("QASMS: the questions, then a code texted to the phone (SignerQASMSChallengeExample)", () => {
  // As the SDK's QASMSBuilder sends it: questions of challengeType CHALLENGE, the phone as the question of the SMS one.
  const QASMS = {
    scheme: "QASMS",
    challenges: [
      { question: "What's your favorite sport? (answer: golf)", answer: "golf", maskInput: false, challengeType: "CHALLENGE" },
      { question: "What music instrument do you play? (answer: drums)", answer: "drums", maskInput: true, challengeType: "CHALLENGE" },
      { question: "+12042345678", answer: null, maskInput: false, challengeType: "SMS" },
    ],
  };

  it("is refused (422) without an SMS provider, naming the settings", async () => {
    const account = await seedAccount();
    const { body, contentType } = multipartBody(payloadWithAuth(QASMS), [{ name: "file1.pdf", bytes: await makePdf({ pages: 1 }) }]);
    const refused = await expectError(await call("POST", "/api/packages", { key: account.apiKey, body, headers: { "content-type": contentType } }), 422, "error.validation.signerAuthenticationProviderMissing");
    expect(refused.message).toContain("TWILIO_ACCOUNT_SID");
  });

  it("asks the questions first, texts a code only then, and passes the signer once both are right; reads back as the SDK expects", async () => {
    const twilio = await startTwilioServer("AC0123456789abcdef", "secret-token");
    try {
      configureTwilio(twilio.url);
      const account = await seedAccount();
      const id = await sentPackageWithAuth(account, QASMS);
      const pkg = await callJson<{ roles: { id: string; signers: { auth: unknown }[] }[] }>("GET", `/api/packages/${id}`, { key: account.apiKey });
      expect(pkg.roles.find((role) => role.id === "Signer1")!.signers[0].auth).toEqual({
        scheme: "QASMS",
        challenges: [
          { question: "What's your favorite sport? (answer: golf)", answer: "golf", maskInput: false, challengeType: "CHALLENGE" },
          { question: "What music instrument do you play? (answer: drums)", maskInput: true, challengeType: "CHALLENGE" },
          { question: "+12042345678", maskInput: false, challengeType: "SMS" },
        ],
      });

      const cookie = await openCeremony(account, id);
      const view = await callJson<View>("GET", `/api/signing/${id}`, as(cookie));
      expect(view.progress.authentication).toMatchObject({ scheme: "QASMS", passed: false, answersPassed: false, phone: "•••• 5678", questions: [{ maskInput: false }, { maskInput: true }] });
      expect(view.documents).toEqual([]);
      // No code before the answers, and wrong answers count as for CHALLENGE.
      await expectError(await call("POST", `/api/signing/${id}/authentication/sms`, as(cookie)), 409, "error.conflict.signerAnswersFirst");
      expect(twilio.messages).toEqual([]);
      await expectError(await call("POST", `/api/signing/${id}/authentication/answers`, as(cookie, { json: { answers: ["golf", "piano"] } })), 400, "error.validation.wrongSignerAnswers");

      const answered = await callJson<AuthStatus>("POST", `/api/signing/${id}/authentication/answers`, as(cookie, { json: { answers: [" GOLF", "drums"] } }));
      expect(answered).toMatchObject({ scheme: "QASMS", passed: false, answersPassed: true, attemptsLeft: 5 });
      await expectError(await call("GET", `/api/signing/${id}/documents/doc1/pdf`, as(cookie)), 403, "error.forbidden.signerAuthenticationRequired");

      await callJson("POST", `/api/signing/${id}/authentication/sms`, as(cookie));
      expect(twilio.messages).toHaveLength(1);
      expect(twilio.messages[0]).toMatchObject({ to: "+12042345678" });
      const code = /\b(\d{6})\b/.exec(twilio.messages[0].body)![1];
      expect((await callJson<AuthStatus>("POST", `/api/signing/${id}/authentication/sms/verify`, as(cookie, { json: { code } }))).passed).toBe(true);
      expect((await call("GET", `/api/signing/${id}/documents/doc1/pdf`, as(cookie))).status).toBe(200);
      expect(await eventsOf(id, "SIGNER_AUTHENTICATED")).toEqual([
        { sessionUser: "Signer1", message: "signer1@example.test answered 2 security questions and entered a code texted to •••• 5678" },
      ]);
    } finally {
      await twilio.close();
    }
  });
});

describe("KBA and the other schemes that need an identity provider", () => {
  it("refuses KBA (as a scheme or as knowledgeBasedAuthentication details) and SSO with 422, never storing them", async () => {
    const account = await seedAccount();
    for (const [auth, extra] of [
      [{ scheme: "KBA", challenges: [] }, {}],
      [undefined, { knowledgeBasedAuthentication: { signerInformationForEquifaxUSA: { firstName: "A", lastName: "B", socialSecurityNumber: "123" } } }],
      [{ scheme: "SSO", challenges: [] }, {}],
    ] as const) {
      const { body, contentType } = multipartBody(payloadWithAuth(auth, extra), [{ name: "file1.pdf", bytes: await makePdf({ pages: 1 }) }]);
      const refused = await expectError(
        await call("POST", "/api/packages", { key: account.apiKey, body, headers: { "content-type": contentType } }),
        422,
        "error.validation.signerAuthenticationProviderMissing",
      );
      expect(refused.message).toContain("Signer1");
    }
    // The SDK reads back a signer with no KBA details as NOT_YET_ATTEMPTED: that round-trips.
    const id = await createPackageWithFiles(account.apiKey, payloadWithAuth(undefined, { knowledgeBasedAuthentication: { knowledgeBasedAuthenticationStatus: "NOT_YET_ATTEMPTED" } }));
    expect(id).toBeTruthy();
  });
});
