import { and, asc, eq, isNotNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { auditEvents, packages, reminders } from "@/lib/db/schema";
import { newId } from "@/lib/esign/ids";
import { planRemindersOnSend } from "@/lib/esign/reminders/plan-reminders";
import { call, callJson } from "../support/api-client";
import { seedAccount, type SeededAccount } from "../support/seed";

const DAY = 24 * 60 * 60 * 1000;
const schedule = { startInDaysDelay: 2, intervalInDays: 3, repetitionsCount: 4 };

interface ScheduleBody {
  packageId: string;
  startInDaysDelay: number;
  intervalInDays: number;
  repetitionsCount: number;
  reminders: { date: string; sentDate?: string }[];
}
interface ErrorBody {
  code: number;
  name: string;
  message: string;
  messageKey: string;
}

/** Until the package API lands: a package row inserted directly, DRAFT unless told otherwise. */
async function insertPackage(account: SeededAccount, values: Partial<typeof packages.$inferInsert> = {}): Promise<string> {
  const id = newId();
  const db = await getDb();
  await db.insert(packages).values({
    id,
    accountId: account.accountId,
    ownerUserId: account.userId,
    type: "PACKAGE",
    status: "DRAFT",
    name: "Reminder test",
    ...values,
  });
  return id;
}

/** What the sending code does in its transaction: SENT, `sent`, then planRemindersOnSend. */
async function sendDirectly(packageId: string, sentAt: Date): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    await tx.update(packages).set({ status: "SENT", sent: sentAt }).where(eq(packages.id, packageId));
    await planRemindersOnSend(tx, packageId, sentAt);
  });
}

async function auditNames(packageId: string) {
  const db = await getDb();
  return db
    .select({ name: auditEvents.name, sessionUser: auditEvents.sessionUser, ipAddress: auditEvents.ipAddress, message: auditEvents.message })
    .from(auditEvents)
    .where(eq(auditEvents.packageId, packageId))
    .orderBy(asc(auditEvents.id));
}

const path = (packageId: string) => `/api/packages/${packageId}/reminders`;
const daysAfter = (start: Date, days: number) => new Date(start.getTime() + days * DAY).toISOString();
/** A send time some days ago, on a whole millisecond. */
const sentDaysAgo = (days: number) => new Date(Math.floor(Date.now() / 1000) * 1000 - days * DAY);

describe("reminder schedule: create, read, update, delete", () => {
  it("creates a schedule on a DRAFT (201), reads it back and records REMINDER_SCHEDULE_SET", async () => {
    const account = await seedAccount();
    const id = await insertPackage(account);
    const created = await callJson<ScheduleBody>("POST", path(id), { key: account.apiKey, json: schedule, expect: 201 });
    expect(created).toEqual({ packageId: id, ...schedule, reminders: [] });
    expect(await callJson("GET", path(id), { key: account.apiKey })).toEqual(created);
    expect(await auditNames(id)).toEqual([
      {
        name: "REMINDER_SCHEDULE_SET",
        sessionUser: account.userId,
        ipAddress: "127.0.0.1",
        message: "startInDaysDelay=2 intervalInDays=3 repetitionsCount=4",
      },
    ]);
  });

  it("answers GET with 204 and no body when the package has no schedule", async () => {
    const account = await seedAccount();
    const id = await insertPackage(account);
    const response = await call("GET", path(id), { key: account.apiKey });
    expect(response.status).toBe(204);
    expect(await response.text()).toBe("");
  });

  it("accepts the SDKs' body: its own packageId, the read-only reminders list and unknown members", async () => {
    const account = await seedAccount();
    const id = await insertPackage(account);
    const body = { ...schedule, packageId: id, reminders: [{ date: "2026-01-01T00:00:00Z" }], colour: "blue" };
    const created = await callJson<ScheduleBody>("POST", path(id), {
      key: account.apiKey,
      json: body,
      headers: { "content-type": "application/json; esl-api-version=11.68.0" },
      expect: 201,
    });
    expect(created).toEqual({ packageId: id, ...schedule, reminders: [] });
  });

  it("refuses a body whose packageId names another package with 400", async () => {
    const account = await seedAccount();
    const id = await insertPackage(account);
    const body = await callJson<ErrorBody>("POST", path(id), { key: account.apiKey, json: { ...schedule, packageId: "other" }, expect: 400 });
    expect(body.messageKey).toBe("error.validation.packageIdMismatch");
  });

  it("updates a DRAFT's schedule (200) and records a second REMINDER_SCHEDULE_SET", async () => {
    const account = await seedAccount();
    const id = await insertPackage(account);
    await callJson("POST", path(id), { key: account.apiKey, json: schedule, expect: 201 });
    const change = { startInDaysDelay: 0, intervalInDays: 1, repetitionsCount: 5 };
    const updated = await callJson<ScheduleBody>("PUT", path(id), { key: account.apiKey, json: change });
    expect(updated).toEqual({ packageId: id, ...change, reminders: [] });
    expect(await callJson("GET", path(id), { key: account.apiKey })).toEqual(updated);
    expect((await auditNames(id)).map((event) => event.name)).toEqual(["REMINDER_SCHEDULE_SET", "REMINDER_SCHEDULE_SET"]);
  });

  it("answers PUT with 404 when there is no schedule to update", async () => {
    const account = await seedAccount();
    const id = await insertPackage(account);
    const body = await callJson<ErrorBody>("PUT", path(id), { key: account.apiKey, json: schedule, expect: 404 });
    expect(body).toMatchObject({ code: 404, messageKey: "error.notFound.reminderScheduleNotFound" });
    expect(await auditNames(id)).toEqual([]);
  });

  it("deletes the schedule (204) with REMINDER_SCHEDULE_DELETE, then answers 204 again without a new event", async () => {
    const account = await seedAccount();
    const id = await insertPackage(account);
    await callJson("POST", path(id), { key: account.apiKey, json: schedule, expect: 201 });
    expect((await call("DELETE", path(id), { key: account.apiKey })).status).toBe(204);
    expect((await call("GET", path(id), { key: account.apiKey })).status).toBe(204);
    expect((await call("DELETE", path(id), { key: account.apiKey })).status).toBe(204);
    const events = await auditNames(id);
    expect(events.map((event) => event.name)).toEqual(["REMINDER_SCHEDULE_SET", "REMINDER_SCHEDULE_DELETE"]);
    expect(events[1]).toMatchObject({ sessionUser: account.userId, ipAddress: "127.0.0.1" });
    // Deleted, it can be created afresh while the package is a DRAFT.
    await callJson("POST", path(id), { key: account.apiKey, json: schedule, expect: 201 });
  });
});

describe("reminder schedule: planned reminders", () => {
  it("plans the reminders when the package is sent, counted from `sent`", async () => {
    const account = await seedAccount();
    const id = await insertPackage(account);
    await callJson("POST", path(id), { key: account.apiKey, json: schedule, expect: 201 });
    const sent = sentDaysAgo(1);
    await sendDirectly(id, sent);
    const read = await callJson<ScheduleBody>("GET", path(id), { key: account.apiKey });
    expect(read.reminders).toEqual([
      { date: daysAfter(sent, 2) },
      { date: daysAfter(sent, 5) },
      { date: daysAfter(sent, 8) },
      { date: daysAfter(sent, 11) },
    ]);
    for (const reminder of read.reminders) expect(reminder.date).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it("plans nothing on sending a package without a schedule", async () => {
    const account = await seedAccount();
    const id = await insertPackage(account);
    await sendDirectly(id, sentDaysAgo(0));
    const db = await getDb();
    expect(await db.select().from(reminders).where(eq(reminders.packageId, id))).toEqual([]);
  });

  it("re-plans the pending reminders after sending and keeps the ones already sent", async () => {
    const account = await seedAccount();
    const id = await insertPackage(account);
    await callJson("POST", path(id), { key: account.apiKey, json: { startInDaysDelay: 1, intervalInDays: 2, repetitionsCount: 3 }, expect: 201 });
    const sent = sentDaysAgo(10);
    await sendDirectly(id, sent);

    // The first reminder went out a day and an hour after sending.
    const db = await getDb();
    const firstSentDate = new Date(sent.getTime() + DAY + 60 * 60 * 1000);
    await db
      .update(reminders)
      .set({ sentDate: firstSentDate })
      .where(and(eq(reminders.packageId, id), eq(reminders.date, new Date(sent.getTime() + DAY))));

    const updated = await callJson<ScheduleBody>("PUT", path(id), {
      key: account.apiKey,
      json: { startInDaysDelay: 2, intervalInDays: 3, repetitionsCount: 4 },
    });
    expect(updated).toEqual({
      packageId: id,
      startInDaysDelay: 2,
      intervalInDays: 3,
      repetitionsCount: 4,
      reminders: [
        { date: daysAfter(sent, 1), sentDate: firstSentDate.toISOString() },
        // The new plan is sent+2, +5, +8, +11; one reminder went out already, so three remain.
        { date: daysAfter(sent, 5) },
        { date: daysAfter(sent, 8) },
        { date: daysAfter(sent, 11) },
      ],
    });

    // Down to one reminder in all: the one already sent; nothing remains pending.
    const reduced = await callJson<ScheduleBody>("PUT", path(id), {
      key: account.apiKey,
      json: { startInDaysDelay: 2, intervalInDays: 3, repetitionsCount: 1 },
    });
    expect(reduced.reminders).toEqual([{ date: daysAfter(sent, 1), sentDate: firstSentDate.toISOString() }]);
  });

  it("plans on update when a SENT package's schedule is changed", async () => {
    const account = await seedAccount();
    const id = await insertPackage(account);
    await callJson("POST", path(id), { key: account.apiKey, json: schedule, expect: 201 });
    const sent = sentDaysAgo(3);
    await sendDirectly(id, sent);
    const updated = await callJson<ScheduleBody>("PUT", path(id), {
      key: account.apiKey,
      json: { startInDaysDelay: 7, intervalInDays: 7, repetitionsCount: 2 },
    });
    expect(updated.reminders).toEqual([{ date: daysAfter(sent, 7) }, { date: daysAfter(sent, 14) }]);
  });

  it("a new sending replaces the pending reminders and keeps those sent before", async () => {
    const account = await seedAccount();
    const id = await insertPackage(account);
    await callJson("POST", path(id), { key: account.apiKey, json: { startInDaysDelay: 1, intervalInDays: 1, repetitionsCount: 2 }, expect: 201 });
    const firstSending = sentDaysAgo(20);
    await sendDirectly(id, firstSending);
    const db = await getDb();
    const firstSentDate = new Date(firstSending.getTime() + DAY);
    await db
      .update(reminders)
      .set({ sentDate: firstSentDate })
      .where(and(eq(reminders.packageId, id), eq(reminders.date, firstSentDate)));

    const secondSending = sentDaysAgo(2);
    await sendDirectly(id, secondSending);
    const read = await callJson<ScheduleBody>("GET", path(id), { key: account.apiKey });
    expect(read.reminders).toEqual([
      { date: firstSentDate.toISOString(), sentDate: firstSentDate.toISOString() },
      { date: daysAfter(secondSending, 1) },
      { date: daysAfter(secondSending, 2) },
    ]);
  });

  it("deleting the schedule removes its pending reminders and keeps the sent ones", async () => {
    const account = await seedAccount();
    const id = await insertPackage(account);
    await callJson("POST", path(id), { key: account.apiKey, json: schedule, expect: 201 });
    const sent = sentDaysAgo(5);
    await sendDirectly(id, sent);
    const db = await getDb();
    await db
      .update(reminders)
      .set({ sentDate: new Date(sent.getTime() + 2 * DAY) })
      .where(and(eq(reminders.packageId, id), eq(reminders.date, new Date(sent.getTime() + 2 * DAY))));
    expect((await call("DELETE", path(id), { key: account.apiKey })).status).toBe(204);
    const left = await db.select().from(reminders).where(eq(reminders.packageId, id));
    expect(left).toHaveLength(1);
    expect((await db.select().from(reminders).where(and(eq(reminders.packageId, id), isNotNull(reminders.sentDate))))).toHaveLength(1);
  });
});

describe("reminder schedule: state rules", () => {
  it("refuses to create a schedule on a SENT package with 409", async () => {
    const account = await seedAccount();
    const id = await insertPackage(account, { status: "SENT", sent: sentDaysAgo(1) });
    const body = await callJson<ErrorBody>("POST", path(id), { key: account.apiKey, json: schedule, expect: 409 });
    expect(body).toMatchObject({ code: 409, name: "Conflict", messageKey: "error.conflict.packageNotDraft" });
    expect((await call("GET", path(id), { key: account.apiKey })).status).toBe(204);
    expect(await auditNames(id)).toEqual([]);
  });

  it("refuses a second create with 409 and keeps the first schedule", async () => {
    const account = await seedAccount();
    const id = await insertPackage(account);
    await callJson("POST", path(id), { key: account.apiKey, json: schedule, expect: 201 });
    const body = await callJson<ErrorBody>("POST", path(id), {
      key: account.apiKey,
      json: { startInDaysDelay: 9, intervalInDays: 9, repetitionsCount: 1 },
      expect: 409,
    });
    expect(body.messageKey).toBe("error.conflict.reminderScheduleExists");
    expect(await callJson("GET", path(id), { key: account.apiKey })).toMatchObject(schedule);
  });

  it("refuses changes to a trashed package with 409", async () => {
    const account = await seedAccount();
    const id = await insertPackage(account, { trashed: true });
    for (const method of ["POST", "PUT", "DELETE"]) {
      const json = method === "DELETE" ? undefined : schedule;
      const body = await callJson<ErrorBody>(method, path(id), { key: account.apiKey, json, expect: 409 });
      expect(body.messageKey).toBe("error.conflict.packageTrashed");
    }
  });
});

describe("reminder schedule: invalid requests", () => {
  it("refuses more than 5 repetitions with 400 and says the limit", async () => {
    const account = await seedAccount();
    const id = await insertPackage(account);
    for (const method of ["POST", "PUT"]) {
      const body = await callJson<ErrorBody>(method, path(id), { key: account.apiKey, json: { ...schedule, repetitionsCount: 6 }, expect: 400 });
      expect(body).toMatchObject({ code: 400, name: "Bad Request", messageKey: "error.validation.invalidBody" });
      expect(body.message).toContain("repetitionsCount");
      expect(body.message).toContain("at most 5");
    }
  });

  it.each([
    ["a missing startInDaysDelay", { startInDaysDelay: undefined }, "startInDaysDelay: is required"],
    ["a missing intervalInDays", { intervalInDays: undefined }, "intervalInDays"],
    ["a missing repetitionsCount", { repetitionsCount: undefined }, "repetitionsCount"],
    ["a null repetitionsCount", { repetitionsCount: null }, "repetitionsCount"],
    ["a string number", { startInDaysDelay: "2" }, "startInDaysDelay: must be a whole number"],
    ["a fraction", { intervalInDays: 1.5 }, "intervalInDays"],
    ["a negative delay", { startInDaysDelay: -1 }, "startInDaysDelay"],
    ["a delay over a year", { startInDaysDelay: 366 }, "startInDaysDelay"],
    ["a zero interval", { intervalInDays: 0 }, "intervalInDays"],
    ["zero repetitions", { repetitionsCount: 0 }, "repetitionsCount"],
    ["a packageId of the wrong type", { packageId: 42 }, "packageId"],
  ])("refuses %s with 400", async (_label, change, fragment) => {
    const account = await seedAccount();
    const id = await insertPackage(account);
    const body = await callJson<ErrorBody>("POST", path(id), { key: account.apiKey, json: { ...schedule, ...change }, expect: 400 });
    expect(body.code).toBe(400);
    expect(body.message).toContain(fragment);
  });

  it("refuses a body that is not an object, malformed JSON and an empty body with 400", async () => {
    const account = await seedAccount();
    const id = await insertPackage(account);
    const array = await callJson<ErrorBody>("POST", path(id), { key: account.apiKey, json: [schedule], expect: 400 });
    expect(array.messageKey).toBe("error.validation.invalidBody");
    const malformed = await callJson<ErrorBody>("POST", path(id), {
      key: account.apiKey,
      body: "{not json",
      headers: { "content-type": "application/json" },
      expect: 400,
    });
    expect(malformed.messageKey).toBe("error.validation.invalidJson");
    const empty = await callJson<ErrorBody>("PUT", path(id), { key: account.apiKey, body: "", expect: 400 });
    expect(empty.messageKey).toBe("error.validation.emptyBody");
    expect(await auditNames(id)).toEqual([]);
  });
});

describe("reminder schedule: who may see it", () => {
  it("answers 404 for an unknown package and for another account's, in the same words", async () => {
    const account = await seedAccount();
    const stranger = await seedAccount("Someone else");
    const theirs = await insertPackage(stranger);
    await callJson("POST", path(theirs), { key: stranger.apiKey, json: schedule, expect: 201 });
    const unknown = "no-such-package";
    for (const method of ["GET", "POST", "PUT", "DELETE"]) {
      const json = method === "POST" || method === "PUT" ? schedule : undefined;
      const missing = await callJson<ErrorBody>(method, path(unknown), { key: account.apiKey, json, expect: 404 });
      const hidden = await callJson<ErrorBody>(method, path(theirs), { key: account.apiKey, json, expect: 404 });
      expect(missing).toMatchObject({ code: 404, name: "Not Found", messageKey: "error.notFound.packageNotFound" });
      expect({ ...hidden, message: hidden.message.replace(theirs, unknown) }).toEqual(missing);
    }
    // The stranger's schedule is untouched.
    expect(await callJson("GET", path(theirs), { key: stranger.apiKey })).toMatchObject(schedule);
  });

  it("answers 401 without a key or with a wrong key", async () => {
    const account = await seedAccount();
    const id = await insertPackage(account);
    for (const method of ["GET", "POST", "PUT", "DELETE"]) {
      for (const key of [undefined, "wrong-key"]) {
        const json = method === "POST" || method === "PUT" ? schedule : undefined;
        const response = await call(method, path(id), { key, json });
        expect(response.status).toBe(401);
        expect(await response.json()).toMatchObject({ code: 401, name: "Unauthorized" });
      }
    }
  });
});
