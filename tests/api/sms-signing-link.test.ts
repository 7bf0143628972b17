import { and, asc, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { auditEvents } from "@/lib/db/schema";
import { advanceClock, resetClock } from "@/lib/esign/clock";
import { call, callJson } from "../support/api-client";
import { createPackageWithFiles, packagePayload } from "../support/packages";
import { seedAccount, type SeededAccount } from "../support/seed";
import { startTwilioServer, type TwilioTestServer } from "../support/twilio-server";

/**
 * The signing link by SMS (`POST /api/packages/{id}/roles/{roleId}/sms_notification`, the SDK's
 * sendSmsToSigner): a fresh signing link texted through Twilio's Messages API (the loopback fake)
 * in the signer's language, refused with what is missing, rate-limited, audited, and a text the
 * provider refuses kept as SMS_NOT_SENT, which the package's alerts list.
 */

interface ErrorBody {
  code: number;
  messageKey: string;
  message: string;
}

const TWILIO_SETTINGS = ["TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN", "TWILIO_FROM_NUMBER", "TWILIO_API_URL"];
let savedEnv: Record<string, string | undefined> = {};
let twilio: TwilioTestServer | null = null;
beforeEach(() => {
  savedEnv = Object.fromEntries(TWILIO_SETTINGS.map((name) => [name, process.env[name]]));
  for (const name of TWILIO_SETTINGS) delete process.env[name];
});
afterEach(async () => {
  resetClock();
  await twilio?.close();
  twilio = null;
  for (const name of TWILIO_SETTINGS) {
    if (savedEnv[name] === undefined) delete process.env[name];
    else process.env[name] = savedEnv[name];
  }
});

async function withTwilio(authToken = "secret-token"): Promise<TwilioTestServer> {
  twilio = await startTwilioServer("AC0123456789abcdef", "secret-token");
  process.env.TWILIO_ACCOUNT_SID = "AC0123456789abcdef";
  process.env.TWILIO_AUTH_TOKEN = authToken;
  process.env.TWILIO_FROM_NUMBER = "+15005550006";
  process.env.TWILIO_API_URL = twilio.url;
  return twilio;
}

async function expectError(response: Response, status: number, messageKey: string): Promise<ErrorBody> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  const body = JSON.parse(text) as ErrorBody;
  expect(body.messageKey, body.message).toBe(messageKey);
  return body;
}

/** A sent package whose signers have phones (Signer1 by `phone`, Signer2 by none unless given). */
async function sentPackage(account: SeededAccount, options: { language?: string; sameTurn?: boolean; send?: boolean } = {}): Promise<string> {
  const payload = packagePayload({ signers: 2 });
  Object.assign(payload.roles[0].signers[0], { phone: "+1 (514) 555-0101", ...(options.language ? { language: options.language } : {}) });
  if (options.sameTurn) payload.roles[1].index = 1;
  const id = await createPackageWithFiles(account.apiKey, payload);
  if (options.send !== false) await callJson("POST", `/api/packages/${id}`, { key: account.apiKey, json: { status: "SENT" } });
  return id;
}

const texting = (id: string, roleId: string) => `/api/packages/${id}/roles/${roleId}/sms_notification`;

async function eventsOf(packageId: string, name: string) {
  const db = await getDb();
  return db
    .select({ message: auditEvents.message, sessionUser: auditEvents.sessionUser })
    .from(auditEvents)
    .where(and(eq(auditEvents.packageId, packageId), eq(auditEvents.name, name)))
    .orderBy(asc(auditEvents.id));
}

describe("signing link by SMS", () => {
  it("texts a fresh signing link that opens the ceremony, records SIGNER_SMS_SENT, and waits a minute before another", async () => {
    const account = await seedAccount();
    const fake = await withTwilio();
    const id = await sentPackage(account);
    const response = await call("POST", texting(id, "Signer1"), { key: account.apiKey });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await response.text()).toBe("");

    expect(fake.messages).toHaveLength(1);
    const [message] = fake.messages;
    expect(message).toMatchObject({ to: "+15145550101", from: "+15005550006" });
    expect(message!.body).toMatch(/asks you to sign "Contract": http/);
    const link = new URL(message!.body.slice(message!.body.indexOf("http")));
    const opened = await call("GET", `${link.pathname}${link.search}`);
    expect(opened.status).toBe(303);
    const cookie = (opened.headers.get("set-cookie") ?? "").split(";")[0];
    const view = await callJson<{ signer: { roleId: string } }>("GET", `/api/signing/${id}`, { headers: { cookie } });
    expect(view.signer.roleId).toBe("Signer1");

    expect(await eventsOf(id, "SIGNER_SMS_SENT")).toEqual([{ message: "Signing link texted to …0101 (role Signer1)", sessionUser: account.userId }]);

    const again = await expectError(await call("POST", texting(id, "Signer1"), { key: account.apiKey }), 429, "error.tooManyRequests.signingLinkText");
    expect(again.message).toContain("60 seconds");
    advanceClock(61_000);
    expect((await call("POST", texting(id, "Signer1"), { key: account.apiKey })).status).toBe(200);
    expect(fake.messages).toHaveLength(2);
  });

  it("texts in the signer's language, and to their SMS authentication's number when they have no phone", async () => {
    const account = await seedAccount();
    const fake = await withTwilio();
    const payload = packagePayload({ signers: 1 });
    Object.assign(payload.roles[0].signers[0], { language: "de", auth: { scheme: "SMS", challenges: [{ question: "+44 20 7946 0958" }] } });
    const id = await createPackageWithFiles(account.apiKey, payload);
    await callJson("POST", `/api/packages/${id}`, { key: account.apiKey, json: { status: "SENT" } });
    expect((await call("POST", texting(id, "Signer1"), { key: account.apiKey })).status).toBe(200);
    expect(fake.messages[0]).toMatchObject({ to: "+442079460958" });
    expect(fake.messages[0]!.body).toContain("bittet Sie, „Contract“ zu unterschreiben");
  });

  it("refuses with what is missing: no phone, no provider (naming TWILIO_*), a draft, not the signer's turn, the sender's role, no such role", async () => {
    const account = await seedAccount();
    const draft = await sentPackage(account, { send: false });
    await expectError(await call("POST", texting(draft, "Signer1"), { key: account.apiKey }), 409, "error.conflict.packageNotSent");

    const id = await sentPackage(account);
    const noProvider = await expectError(await call("POST", texting(id, "Signer1"), { key: account.apiKey }), 422, "error.validation.smsProviderMissing");
    expect(noProvider.message).toContain("TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM_NUMBER");

    await withTwilio();
    await expectError(await call("POST", texting(id, "Signer2"), { key: account.apiKey }), 409, "error.conflict.notSignersTurn");
    const both = await sentPackage(account, { sameTurn: true });
    const noPhone = await expectError(await call("POST", texting(both, "Signer2"), { key: account.apiKey }), 422, "error.validation.signerPhoneMissing");
    expect(noPhone.message).toContain("phone");
    await expectError(await call("POST", texting(id, "Nobody"), { key: account.apiKey }), 404, "error.notFound.roleNotFound");
    const elsewhere = await seedAccount();
    await expectError(await call("POST", texting(id, "Signer1"), { key: elsewhere.apiKey }), 404, "error.notFound.packageNotFound");
    expect(twilio!.messages).toEqual([]);
  });

  it("keeps a text the provider refuses as SMS_NOT_SENT (a package alert), answers 502, and lets the sender try again at once", async () => {
    const account = await seedAccount();
    const fake = await withTwilio("wrong-token");
    const id = await sentPackage(account);
    await expectError(await call("POST", texting(id, "Signer1"), { key: account.apiKey }), 502, "error.badGateway.smsNotSent");
    expect(fake.refusals).toEqual(["authorization"]);
    const [notSent] = await eventsOf(id, "SMS_NOT_SENT");
    expect(notSent!.message).toMatch(/^The signing link texted to …0101 \(role Signer1\) was not sent\. The text message could not be sent: the provider answered 401/);
    expect(await eventsOf(id, "SIGNER_SMS_SENT")).toEqual([]);
    const { alerts } = await callJson<{ alerts: { code: string; parameters: { roleId: string } }[] }>("GET", `/api/packages/${id}?extensions=alerts`, { key: account.apiKey });
    expect(alerts).toMatchObject([{ code: "SMS_NOT_SENT", parameters: { roleId: "Signer1" } }]);

    process.env.TWILIO_AUTH_TOKEN = "secret-token";
    expect((await call("POST", texting(id, "Signer1"), { key: account.apiKey })).status).toBe(200);
    expect(fake.messages).toHaveLength(1);
  });
});
