import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { approvals, documents, packages } from "@/lib/db/schema";
import { advanceClock, now, resetClock } from "@/lib/esign/clock";
import { blobStore } from "@/lib/esign/storage/blob-store";
import { runDueWork } from "@/lib/esign/time-based/run-due-work";
import { DUE_WORK_JOB } from "@/lib/jobs/names";
import { retryPolicyOf } from "@/lib/jobs/registry";
import { startJobQueue, stopJobQueue } from "@/lib/jobs/queue";
import { call, callJson } from "../support/api-client";
import { auditEventsOf, outboxOf } from "../support/recorded";
import { createPackageWithFiles, packagePayload } from "../support/packages";
import { makePdf } from "../support/pdfs";
import { seedAccount, seedGroup, seedSender, type SeededAccount } from "../support/seed";

// A job schema of its own: the e-mails queued here must not be delivered by another file's worker.
process.env.JOB_SCHEMA = `time_test_${randomBytes(4).toString("hex")}`;

const DAY = 24 * 60 * 60 * 1000;

afterEach(() => {
  resetClock();
  delete process.env.RETENTION_DAYS;
});

interface ScheduleBody {
  reminders: { date: string; sentDate?: string }[];
}

/** The sweep as the job runs it, limited to the test's account (the PostgreSQL database is shared by every test file). */
/** The package rules of one sweep (the clock moves past every e-mail's retry window here, so stalled-work counts are checked elsewhere). */
async function sweep(account: SeededAccount) {
  const { reminders, expired, purged } = await runDueWork(now(), { accountIds: [account.accountId] });
  return { reminders, expired, purged };
}

async function sentPackageWithSchedule(account: SeededAccount, schedule: object, extra: Record<string, unknown> = {}): Promise<string> {
  const id = await createPackageWithFiles(account.apiKey, { ...packagePayload({ signers: 2 }), ...extra });
  await callJson("POST", `/api/packages/${id}/reminders`, { key: account.apiKey, json: schedule, expect: 201 });
  await callJson("PUT", `/api/packages/${id}`, { key: account.apiKey, json: { status: "SENT" } });
  return id;
}



async function remindersOf(account: SeededAccount, packageId: string) {
  return (await callJson<ScheduleBody>("GET", `/api/packages/${packageId}/reminders`, { key: account.apiKey })).reminders;
}

/** Moves the clock `days` days, one at a time, sweeping after each; answers the days (1-based) on which reminders went out. */
async function sweepDays(account: SeededAccount, packageId: string, days: number): Promise<number[]> {
  const reminderDays: number[] = [];
  for (let day = 1; day <= days; day++) {
    const before = (await auditEventsOf(packageId, "REMINDER_SENT")).length;
    advanceClock(DAY);
    await sweep(account);
    if ((await auditEventsOf(packageId, "REMINDER_SENT")).length > before) reminderDays.push(day);
  }
  return reminderDays;
}

/** Until signing lands: the role's approvals signed directly. */
async function signRole(packageId: string, roleId: string) {
  const db = await getDb();
  await db.update(approvals).set({ signed: now() }).where(and(eq(approvals.packageId, packageId), eq(approvals.roleId, roleId)));
}

/** Until signing lands: every approval signed and the package COMPLETED now, as the completing code would. */
async function completeDirectly(packageId: string) {
  const db = await getDb();
  await db.update(approvals).set({ signed: now() }).where(eq(approvals.packageId, packageId));
  await db.update(packages).set({ status: "COMPLETED", completed: now() }).where(eq(packages.id, packageId));
}

describe("reminders over a moved clock", () => {
  it("e-mails every unfinished signer on day 1, 3 and 5, records sentDate, and nothing after", async () => {
    const account = await seedAccount();
    const id = await sentPackageWithSchedule(account, { startInDaysDelay: 1, intervalInDays: 2, repetitionsCount: 3 });

    expect(await sweep(account)).toEqual({ reminders: 0, expired: 0, purged: 0 });
    expect(await sweepDays(account, id, 8)).toEqual([1, 3, 5]);

    const mails = await outboxOf(id, "REMINDER");
    expect(mails).toHaveLength(6); // two signers, three reminders
    expect(mails.map((mail) => mail.to).sort()).toEqual(["signer1@example.test", "signer1@example.test", "signer1@example.test", "signer2@example.test", "signer2@example.test", "signer2@example.test"]);
    expect(mails[0].subject).toContain("Reminder");
    expect(mails[0].text).toContain("Contract");
    expect(mails[0].text).toMatch(/\/access\?sessionToken=[A-Za-z0-9_-]{43}/);

    const listed = await remindersOf(account, id);
    expect(listed).toHaveLength(3);
    for (const reminder of listed) {
      expect(reminder.sentDate).toMatch(/Z$/);
      expect(Date.parse(reminder.sentDate!)).toBeGreaterThanOrEqual(Date.parse(reminder.date));
    }
    expect((await auditEventsOf(id, "REMINDER_SENT"))[0].sessionUser).toBe(account.userId);
  });

  it("reminds only the signers who have not finished, and every member of a group signer", async () => {
    const account = await seedAccount();
    const alice = await seedSender(account);
    const bob = await seedSender(account);
    const groupId = await seedGroup(account, { name: "Legal", email: `legal-${randomBytes(4).toString("hex")}@example.test` }, [alice.userId, bob.userId]);
    const payload = packagePayload({ signers: 2 });
    payload.roles[1].signers = [{ group: { id: groupId } } as never];
    const id = await createPackageWithFiles(account.apiKey, payload);
    await callJson("POST", `/api/packages/${id}/reminders`, { key: account.apiKey, json: { startInDaysDelay: 1, intervalInDays: 1, repetitionsCount: 2 }, expect: 201 });
    await callJson("PUT", `/api/packages/${id}`, { key: account.apiKey, json: { status: "SENT" } });

    advanceClock(DAY);
    await sweep(account);
    expect((await outboxOf(id, "REMINDER")).map((mail) => mail.to).sort()).toEqual([alice.email, bob.email, "signer1@example.test"].sort());

    await signRole(id, "Signer1");
    advanceClock(DAY);
    await sweep(account);
    const second = (await outboxOf(id, "REMINDER")).slice(3);
    expect(second.map((mail) => mail.to).sort()).toEqual([alice.email, bob.email].sort());
  });

  it("stops when the package goes back to DRAFT or to the trash", async () => {
    const account = await seedAccount();
    const toDraft = await sentPackageWithSchedule(account, { startInDaysDelay: 1, intervalInDays: 1, repetitionsCount: 5 });
    const toTrash = await sentPackageWithSchedule(account, { startInDaysDelay: 1, intervalInDays: 1, repetitionsCount: 5 });
    expect(await sweepDays(account, toDraft, 1)).toEqual([1]);
    await callJson("PUT", `/api/packages/${toDraft}`, { key: account.apiKey, json: { status: "DRAFT" } });
    await callJson("PUT", `/api/packages/${toTrash}`, { key: account.apiKey, json: { trashed: true } });
    expect(await sweepDays(account, toDraft, 6)).toEqual([]);
    expect(await outboxOf(toDraft, "REMINDER")).toHaveLength(2);
    expect(await outboxOf(toTrash, "REMINDER")).toHaveLength(2); // the one of day 1, before the trash
    expect((await remindersOf(account, toDraft)).filter((reminder) => !reminder.sentDate)).toEqual([]);
  });

  it("follows a schedule changed after sending", async () => {
    const account = await seedAccount();
    const id = await sentPackageWithSchedule(account, { startInDaysDelay: 1, intervalInDays: 2, repetitionsCount: 3 });
    expect(await sweepDays(account, id, 1)).toEqual([1]);
    await callJson("PUT", `/api/packages/${id}/reminders`, { key: account.apiKey, json: { startInDaysDelay: 1, intervalInDays: 4, repetitionsCount: 2 } });
    const listed = await remindersOf(account, id);
    expect(listed).toHaveLength(2);
    expect(listed.filter((reminder) => reminder.sentDate)).toHaveLength(1);
    // Days counted from the sending: the second reminder is now due on day 5 (1 + 4), then no more.
    expect(await sweepDays(account, id, 8)).toEqual([4]);
  });

  it("sends one reminder per package per sweep after a clock jump; the overdue ones follow on later sweeps", async () => {
    const account = await seedAccount();
    const id = await sentPackageWithSchedule(account, { startInDaysDelay: 1, intervalInDays: 1, repetitionsCount: 3 }, { roles: packagePayload({ signers: 1 }).roles });
    advanceClock(10 * DAY);
    expect((await sweep(account)).reminders).toBe(1);
    expect(await outboxOf(id, "REMINDER")).toHaveLength(1);
    expect((await sweep(account)).reminders).toBe(1);
    expect((await sweep(account)).reminders).toBe(1);
    expect(await sweep(account)).toEqual({ reminders: 0, expired: 0, purged: 0 });
    expect(await outboxOf(id, "REMINDER")).toHaveLength(3);
    expect((await remindersOf(account, id)).every((reminder) => reminder.sentDate)).toBe(true);
  });

  it("sends a due reminder exactly once when two sweeps run at the same time", async () => {
    const account = await seedAccount();
    const id = await sentPackageWithSchedule(account, { startInDaysDelay: 1, intervalInDays: 1, repetitionsCount: 2 });
    advanceClock(DAY);
    const results = await Promise.all([sweep(account), sweep(account), sweep(account)]);
    expect(results.reduce((sum, result) => sum + result.reminders, 0)).toBe(1);
    expect(await auditEventsOf(id, "REMINDER_SENT")).toHaveLength(1);
    expect(await outboxOf(id, "REMINDER")).toHaveLength(2);
  });

  it("runs by itself as the due-work job, every SWEEP_INTERVAL_SECONDS, once the workers start (no sweep called here)", async () => {
    process.env.SWEEP_INTERVAL_SECONDS = "1";
    const account = await seedAccount();
    const id = await sentPackageWithSchedule(account, { startInDaysDelay: 1, intervalInDays: 1, repetitionsCount: 1 });
    advanceClock(DAY + 1000);
    await startJobQueue({ only: [DUE_WORK_JOB] });
    try {
      await expect.poll(async () => (await auditEventsOf(id, "REMINDER_SENT")).length, { timeout: 15_000, interval: 250 }).toBe(1);
      // The sweep records its success once all its steps are done, a moment after the reminder's.
      const sweepHealth = async () => (await callJson<{ checks: { sweep: { status: string; lastSuccess: string | null; intervalSeconds: number } } }>("GET", "/api/health")).checks.sweep;
      await expect.poll(async () => (await sweepHealth()).status, { timeout: 10_000, interval: 250 }).toBe("ok");
      const sweep = await sweepHealth();
      expect(sweep.intervalSeconds).toBe(1);
      expect(Date.parse(sweep.lastSuccess!)).toBeGreaterThan(now().getTime() - 5_000);
    } finally {
      await stopJobQueue();
      delete process.env.SWEEP_INTERVAL_SECONDS;
    }
    expect(retryPolicyOf(DUE_WORK_JOB).retryLimit).toBe(0);
  });
});

describe("expiry", () => {
  it("expires a SENT package at its due date: status, event, sender e-mailed, reminders cleared, once", async () => {
    const account = await seedAccount();
    const due = new Date(now().getTime() + 2 * DAY + 60_000).toISOString();
    const id = await sentPackageWithSchedule(account, { startInDaysDelay: 1, intervalInDays: 1, repetitionsCount: 5 }, { due });

    expect(await sweepDays(account, id, 2)).toEqual([1, 2]);
    expect((await callJson<{ status: string }>("GET", `/api/packages/${id}`, { key: account.apiKey })).status).toBe("SENT");

    advanceClock(DAY);
    expect(await sweep(account)).toEqual({ reminders: 0, expired: 1, purged: 0 });
    const pkg = await callJson<{ status: string }>("GET", `/api/packages/${id}`, { key: account.apiKey });
    expect(pkg.status).toBe("EXPIRED");
    expect(await auditEventsOf(id, "PACKAGE_EXPIRE")).toHaveLength(1);
    const [mail] = await outboxOf(id, "EXPIRED");
    expect(mail.to).toBe(account.email);
    expect(mail.subject).toContain("expired");
    expect((await remindersOf(account, id)).filter((reminder) => !reminder.sentDate)).toEqual([]);

    // A second sweep, and days later: nothing more.
    expect(await sweep(account)).toEqual({ reminders: 0, expired: 0, purged: 0 });
    expect(await sweepDays(account, id, 5)).toEqual([]);
    expect(await auditEventsOf(id, "PACKAGE_EXPIRE")).toHaveLength(1);
    expect(await outboxOf(id, "EXPIRED")).toHaveLength(1);
  });

  it("leaves a draft or a package without a due date alone", async () => {
    const account = await seedAccount();
    const draft = await createPackageWithFiles(account.apiKey, { ...packagePayload(), due: new Date(now().getTime() + DAY).toISOString() });
    const open = await createPackageWithFiles(account.apiKey, packagePayload({ status: "SENT" }));
    advanceClock(30 * DAY);
    expect(await sweep(account)).toEqual({ reminders: 0, expired: 0, purged: 0 });
    for (const id of [draft, open]) expect(await auditEventsOf(id, "PACKAGE_EXPIRE")).toEqual([]);
  });
});

describe("retention", () => {
  async function documentBlobs(packageId: string) {
    const db = await getDb();
    return db.select({ id: documents.id, blob: documents.blobSha256 }).from(documents).where(eq(documents.packageId, packageId));
  }

  it("purges the documents of a package completed more than 90 days ago; a blob shared with a live package survives", async () => {
    const account = await seedAccount();
    const uniquePdf = (label: string) => makePdf({ pages: 1, texts: [{ page: 0, x: 72, y: 700, text: `${label} ${randomBytes(6).toString("hex")}` }] });
    const shared = await uniquePdf("shared");
    const own = await uniquePdf("own");
    const completed = await createPackageWithFiles(account.apiKey, packagePayload({ status: "SENT", documents: ["Shared"] }), shared);
    const completedOwn = await createPackageWithFiles(account.apiKey, packagePayload({ status: "SENT", documents: ["Own"] }), own);
    const live = await createPackageWithFiles(account.apiKey, packagePayload({ documents: ["Shared too"] }), shared);
    await completeDirectly(completed);
    await completeDirectly(completedOwn);
    const [sharedBlob] = (await documentBlobs(completed)).filter((row) => row.id === "doc1");
    const [ownBlob] = (await documentBlobs(completedOwn)).filter((row) => row.id === "doc1");
    expect(sharedBlob.blob).not.toBe(ownBlob.blob);

    advanceClock(89 * DAY);
    expect((await sweep(account)).purged).toBe(0);
    expect((await call("GET", `/api/packages/${completed}/documents/doc1/original`, { key: account.apiKey })).status).toBe(200);

    advanceClock(2 * DAY);
    expect((await sweep(account)).purged).toBe(2);

    for (const id of [completed, completedOwn]) {
      const original = await call("GET", `/api/packages/${id}/documents/doc1/original`, { key: account.apiKey });
      expect(original.status).toBe(410);
      expect(((await original.json()) as { messageKey: string }).messageKey).toBe("error.gone.documentPurged");
      expect((await call("GET", `/api/packages/${id}/documents/doc1/pdf`, { key: account.apiKey })).status).toBe(410);
      expect((await call("GET", `/api/packages/${id}/documents/zip`, { key: account.apiKey })).status).toBe(410);
      const record = await callJson<{ status: string; purged?: string; documents: { id: string; name: string }[] }>("GET", `/api/packages/${id}`, { key: account.apiKey });
      expect(record.status).toBe("COMPLETED");
      expect(record.purged).toMatch(/Z$/);
      expect(record.documents.map((document) => document.id)).toContain("doc1");
      const [event] = await auditEventsOf(id, "PACKAGE_PURGE");
      expect(event.message).toContain("doc1");
    }

    const store = await blobStore();
    expect(await store.size(ownBlob.blob!)).toBeNull();
    expect(await store.size(sharedBlob.blob!)).not.toBeNull();
    expect((await call("GET", `/api/packages/${live}/documents/doc1/original`, { key: account.apiKey })).status).toBe(200);

    // The live package is a draft: never purged. A second sweep changes nothing.
    expect(await sweep(account)).toEqual({ reminders: 0, expired: 0, purged: 0 });
    expect(await auditEventsOf(completed, "PACKAGE_PURGE")).toHaveLength(1);
    expect((await callJson<{ purged?: string }>("GET", `/api/packages/${live}`, { key: account.apiKey })).purged).toBeUndefined();
  });

  it("follows the account's data management policy (transactionRetention) before RETENTION_DAYS", async () => {
    const account = await seedAccount();
    const other = await seedAccount();
    await callJson("PUT", "/api/dataRetentionSettings/dataManagementPolicy", { key: account.apiKey, json: { transactionRetention: { completed: 10, archived: 0 } } });
    const completed = await createPackageWithFiles(account.apiKey, packagePayload({ status: "SENT" }));
    await completeDirectly(completed);
    const otherCompleted = await createPackageWithFiles(other.apiKey, packagePayload({ status: "SENT" }));
    await completeDirectly(otherCompleted);

    advanceClock(9 * DAY);
    expect((await sweep(account)).purged).toBe(0);
    advanceClock(2 * DAY);
    expect((await sweep(account)).purged).toBe(1);
    expect((await call("GET", `/api/packages/${completed}/documents/doc1/original`, { key: account.apiKey })).status).toBe(410);
    // Another account keeps the service's 90 days.
    expect((await sweep(other)).purged).toBe(0);
    expect((await call("GET", `/api/packages/${otherCompleted}/documents/doc1/original`, { key: other.apiKey })).status).toBe(200);
    const [purge] = await auditEventsOf(completed, "PACKAGE_PURGE");
    expect(purge.message).toContain("10 days");
  });

  it("follows RETENTION_DAYS, and purges archived packages too", async () => {
    process.env.RETENTION_DAYS = "30";
    const account = await seedAccount();
    const archived = await createPackageWithFiles(account.apiKey, packagePayload({ status: "SENT" }));
    await completeDirectly(archived);
    await callJson("PUT", `/api/packages/${archived}`, { key: account.apiKey, json: { status: "ARCHIVED" } });
    const sent = await createPackageWithFiles(account.apiKey, packagePayload({ status: "SENT" }));

    advanceClock(29 * DAY);
    expect((await sweep(account)).purged).toBe(0);
    advanceClock(2 * DAY);
    expect((await sweep(account)).purged).toBe(1);
    expect((await call("GET", `/api/packages/${archived}/documents/doc1/original`, { key: account.apiKey })).status).toBe(410);
    expect((await call("GET", `/api/packages/${sent}/documents/doc1/original`, { key: account.apiKey })).status).toBe(200);
  });
});
