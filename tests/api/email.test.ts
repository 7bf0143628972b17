import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "@/lib/db/client";
import { auditEvents, outboxMessages } from "@/lib/db/schema";
import { senderInvitationEmail } from "@/lib/esign/outbox/messages";
import { queueEmail } from "@/lib/esign/outbox/queue-email";
import { emailRetryWindowMs, requeueStalledEmails } from "@/lib/email/requeue-stalled-emails";
import { startJobQueue, stopJobQueue } from "@/lib/jobs/queue";
import { call, callJson } from "../support/api-client";
import { seedAccount, seedSender, type SeededAccount } from "../support/seed";

// A job schema of its own: on the shared PostgreSQL test database, this file's worker must not
// deliver (or bounce) the e-mails other test files queue.
process.env.JOB_SCHEMA = `email_test_${randomBytes(4).toString("hex")}`;
process.env.EMAIL_RETRY_DELAY_SECONDS = "1";
process.env.EMAIL_RETRY_LIMIT = "3";

interface Received {
  to: string[];
  raw: string;
}

/** A real SMTP server on loopback; each recipient may be refused by a rule (its attempt number → a reply code, or none to accept). */
const received: Received[] = [];
const rules = new Map<string, (attempt: number) => number | undefined>();
const attempts = new Map<string, number>();
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["AUTH", "STARTTLS"],
  logger: false,
  onRcptTo(address, _session, callback) {
    const to = address.address.toLowerCase();
    const attempt = (attempts.get(to) ?? 0) + 1;
    attempts.set(to, attempt);
    const code = rules.get(to)?.(attempt);
    if (code) return callback(Object.assign(new Error(code >= 500 ? "No such mailbox" : "Try again later"), { responseCode: code }));
    callback();
  },
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    stream.on("end", () => {
      received.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), raw: Buffer.concat(chunks).toString("utf8") });
      callback();
    });
  },
});
let smtpUrl = "";

/** Undoes quoted-printable soft breaks and escapes, enough to search the message for a link. */
const decoded = (raw: string) => raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
const mailTo = (address: string) => received.filter((mail) => mail.to.includes(address));

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
  await startJobQueue({ only: ["send-email"], pollingIntervalSeconds: 0.5 });
});
afterAll(async () => {
  await stopJobQueue();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});
afterEach(() => {
  delete process.env.SMTP_URL;
});

const uniqueEmail = (prefix: string) => `${prefix}-${randomBytes(5).toString("hex")}@example.test`;

async function inviteSender(owner: SeededAccount, email: string) {
  return callJson<{ id: string; activationUrl?: string }>("POST", "/api/account/senders", {
    key: owner.apiKey,
    json: { email, firstName: "Ivy", lastName: "<Invitee>" },
  });
}

async function outboxRow(to: string) {
  const db = await getDb();
  const [row] = await db.select().from(outboxMessages).where(eq(outboxMessages.to, to));
  return row;
}

async function waitForStatus(to: string, status: string, timeout = 20_000) {
  await vi.waitFor(async () => expect((await outboxRow(to))?.status).toBe(status), { timeout, interval: 100 });
  return outboxRow(to);
}

async function bounceEvents(accountId: string) {
  const db = await getDb();
  return db
    .select({ message: auditEvents.message, sessionUser: auditEvents.sessionUser, packageId: auditEvents.packageId })
    .from(auditEvents)
    .where(and(eq(auditEvents.accountId, accountId), eq(auditEvents.name, "EMAIL_BOUNCE")));
}

interface OutboxList {
  results: { id: string; to: string; subject: string; body: string; kind: string; packageId?: string; status: string; created: string; sentAt?: string; lastError?: string }[];
  count: number;
}

describe("e-mail through SMTP", () => {
  it("delivers the sender invitation with its activation link (SENT)", async () => {
    process.env.SMTP_URL = smtpUrl;
    const owner = await seedAccount("Acme & Sons");
    const email = uniqueEmail("invitee");
    const sender = await inviteSender(owner, email);
    const row = await waitForStatus(email, "SENT");
    expect(row.kind).toBe("SENDER_INVITATION");
    expect(row.sentAt).toBeInstanceOf(Date);
    expect(row.attempts).toBe(1);

    const [mail] = mailTo(email);
    const text = decoded(mail.raw);
    expect(sender.activationUrl).toBeTruthy();
    expect(text).toContain(sender.activationUrl);
    expect(text).toMatch(/Subject: .*invited you to Acme & Sons/);
    expect(text).toContain("Acme &amp; Sons"); // the HTML part, escaped
  });

  it("a reinvitation sends the new link", async () => {
    process.env.SMTP_URL = smtpUrl;
    const owner = await seedAccount();
    const email = uniqueEmail("again");
    const sender = await inviteSender(owner, email);
    await waitForStatus(email, "SENT");
    const again = await callJson<{ activationUrl?: string }>("POST", `/api/account/senders/${sender.id}/invite`, { key: owner.apiKey });
    await vi.waitFor(() => expect(mailTo(email)).toHaveLength(2), { timeout: 20_000, interval: 100 });
    expect(decoded(mailTo(email)[1].raw)).toContain(again.activationUrl);
  });

  it("a sign-up's confirmation, of no account yet, refused for good (550) is BOUNCED, with no account's trail to hold a bounce event", async () => {
    process.env.SMTP_URL = smtpUrl;
    const email = uniqueEmail("typo");
    rules.set(email, () => 550);
    await callJson("POST", "/api/signup", { json: { accountName: "Typo", email, firstName: "Ty", lastName: "Po", password: "typo-in-address-1" }, expect: 202 });
    const row = await waitForStatus(email, "BOUNCED");
    expect(row).toMatchObject({ kind: "SIGN_UP_CONFIRMATION", accountId: null, attempts: 1 });
    const db = await getDb();
    expect(await db.select().from(auditEvents).where(and(eq(auditEvents.name, "EMAIL_BOUNCE"), eq(auditEvents.sessionUser, email)))).toEqual([]);
  });

  it("a permanent refusal (550) marks the message BOUNCED with an EMAIL_BOUNCE / BOUNCE event, without retrying", async () => {
    process.env.SMTP_URL = smtpUrl;
    const owner = await seedAccount();
    const email = uniqueEmail("nobody");
    rules.set(email, () => 550);
    await inviteSender(owner, email);
    const row = await waitForStatus(email, "BOUNCED");
    expect(row.lastError).toContain("550");
    const listed = await callJson<OutboxList>("GET", "/api/account/outbox", { key: owner.apiKey });
    expect(listed.results).toMatchObject([{ to: email, status: "BOUNCED", lastError: row.lastError }]);
    // The owner reads what was sent, but not the invitee's activation link.
    const activation = /https?:\/\/\S+/.exec(row.text)![0];
    expect(listed.results[0]!.body).toContain("Activate your account: [link for the recipient only]");
    expect(listed.results[0]!.body).not.toContain(activation);
    expect(row.attempts).toBe(1);
    expect(await bounceEvents(owner.accountId)).toEqual([{ message: "BOUNCE", sessionUser: email, packageId: null }]);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(attempts.get(email)).toBe(1);
    expect(mailTo(email)).toHaveLength(0);
  });

  it("a temporary refusal (451) is retried with backoff, then delivered once", async () => {
    process.env.SMTP_URL = smtpUrl;
    const owner = await seedAccount();
    const email = uniqueEmail("busy");
    rules.set(email, (attempt) => (attempt <= 2 ? 451 : undefined));
    await inviteSender(owner, email);
    const row = await waitForStatus(email, "SENT", 25_000);
    expect(row.attempts).toBe(3);
    expect(attempts.get(email)).toBe(3);
    expect(mailTo(email)).toHaveLength(1);
    expect(await bounceEvents(owner.accountId)).toEqual([]);
  });

  it("gives up after the last retry: FAILED with an EMAIL_BOUNCE / UNKNOWN event", async () => {
    process.env.SMTP_URL = smtpUrl;
    process.env.EMAIL_RETRY_LIMIT = "1";
    try {
      const owner = await seedAccount();
      const email = uniqueEmail("down");
      rules.set(email, () => 451);
      await inviteSender(owner, email);
      const row = await waitForStatus(email, "FAILED", 25_000);
      expect(row.attempts).toBe(2);
      expect(await bounceEvents(owner.accountId)).toEqual([{ message: "UNKNOWN", sessionUser: email, packageId: null }]);
    } finally {
      process.env.EMAIL_RETRY_LIMIT = "3";
    }
  });

  it("never sends a message queued in a transaction that rolled back", async () => {
    process.env.SMTP_URL = smtpUrl;
    const owner = await seedAccount();
    const db = await getDb();
    const lost = uniqueEmail("lost");
    const kept = uniqueEmail("kept");
    const content = senderInvitationEmail({ inviterName: "Olive", accountName: "Test", activationUrl: "http://x.test/a", expires: new Date() });
    await expect(
      db.transaction(async (tx) => {
        await queueEmail(tx, { accountId: owner.accountId, kind: "SENDER_INVITATION", to: lost, ...content });
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    await db.transaction((tx) => queueEmail(tx, { accountId: owner.accountId, kind: "SENDER_INVITATION", to: kept, ...content }));
    await waitForStatus(kept, "SENT");
    expect(await outboxRow(lost)).toBeUndefined();
    expect(mailTo(lost)).toHaveLength(0);
  });
});

describe("messages whose sending was interrupted", () => {
  it("a message still QUEUED after its retry window (its job lost) is sent again by the sweep, once", async () => {
    process.env.SMTP_URL = smtpUrl;
    const owner = await seedAccount();
    const email = uniqueEmail("stalled");
    const db = await getDb();
    // What an instance killed during a message's last attempt leaves: the message QUEUED, its job gone.
    const created = new Date(Date.now() - emailRetryWindowMs() - 60_000);
    await db.insert(outboxMessages).values({
      id: `stalled-${randomBytes(6).toString("hex")}`,
      accountId: owner.accountId,
      kind: "SENDER_INVITATION",
      to: email,
      subject: "Still waiting",
      text: "Sent at last",
      html: "<p>Sent at last</p>",
      status: "QUEUED",
      attempts: 3,
      created,
    });
    const young = uniqueEmail("young");
    await db.insert(outboxMessages).values({ id: `young-${randomBytes(6).toString("hex")}`, accountId: owner.accountId, kind: "SENDER_INVITATION", to: young, subject: "s", text: "t", html: "h", status: "QUEUED", created: new Date() });

    const scope = { accountIds: [owner.accountId] };
    expect(await requeueStalledEmails(new Date(), scope)).toBe(1); // not the message still within its window
    expect(await requeueStalledEmails(new Date(), scope)).toBe(1); // a second sweep before it is sent: no second job
    const row = await waitForStatus(email, "SENT");
    expect(row.attempts).toBe(4);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(mailTo(email)).toHaveLength(1);
    expect(mailTo(young)).toHaveLength(0);
    expect(await requeueStalledEmails(new Date(), scope)).toBe(0);
  });
});

describe("the embedded outbox (no SMTP_URL)", () => {
  it("keeps the message (KEPT) and lists it, newest first, with paging", async () => {
    const owner = await seedAccount();
    const first = uniqueEmail("first");
    const second = uniqueEmail("second");
    await inviteSender(owner, first);
    await waitForStatus(first, "KEPT");
    await inviteSender(owner, second);
    await waitForStatus(second, "KEPT");
    expect(mailTo(first)).toHaveLength(0);

    const list = await callJson<OutboxList>("GET", "/api/account/outbox", { key: owner.apiKey });
    expect(list.count).toBe(2);
    expect(list.results.map((m) => m.to)).toEqual([second, first]);
    const [newest] = list.results;
    expect(newest).toMatchObject({ kind: "SENDER_INVITATION", status: "KEPT" });
    expect(newest.subject).toContain("invited you");
    expect(newest.created).toMatch(/Z$/);
    expect(newest).not.toHaveProperty("sentAt");
    expect(newest).not.toHaveProperty("packageId");
    expect(newest).not.toHaveProperty("lastError");

    const page = await callJson<OutboxList>("GET", "/api/account/outbox?from=2&to=2", { key: owner.apiKey });
    expect(page).toMatchObject({ count: 2, results: [{ to: first }] });
  });

  it("shows only the caller's account, and needs reports.view", async () => {
    const owner = await seedAccount();
    const other = await seedAccount();
    const email = uniqueEmail("mine");
    await inviteSender(owner, email);
    await waitForStatus(email, "KEPT");
    const theirs = await callJson<OutboxList>("GET", "/api/account/outbox", { key: other.apiKey });
    expect(theirs).toEqual({ results: [], count: 0 });

    expect((await call("GET", "/api/account/outbox")).status).toBe(401);
    const sender = await seedSender(owner);
    const refused = await call("GET", "/api/account/outbox", { key: sender.apiKey });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ messageKey: "error.forbidden.noPermission" });
  });

  it("answers 400 for bad paging", async () => {
    const owner = await seedAccount();
    for (const query of ["from=-1", "from=abc", "from=5&to=2", "to=-1"]) {
      const response = await call("GET", `/api/account/outbox?${query}`, { key: owner.apiKey });
      expect(response.status, query).toBe(400);
      expect(await response.json()).toMatchObject({ code: 400, name: "Bad Request" });
    }
  });
});
