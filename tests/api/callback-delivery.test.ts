import { createHmac, randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { database, getDb } from "@/lib/db/client";
import { callbackAttempts, callbackDeliveries, outboxMessages } from "@/lib/db/schema";
import { recordEvent, type EventName } from "@/lib/esign/audit/record-event";
import PgBoss from "pg-boss";
import { startJobQueue, stopJobQueue } from "@/lib/jobs/queue";
import { jobDefinition } from "@/lib/jobs/registry";
import { requeueStalledDeliveries } from "@/lib/callbacks/requeue-stalled-deliveries";
import { deliverCallbacks } from "@/lib/callbacks/deliver-callback-job";
import { call, callJson } from "../support/api-client";
import { packagePayload } from "../support/packages";
import { seedAccount, seedSender, type SeededAccount } from "../support/seed";

// A job schema of its own: on the shared PostgreSQL test database, no other test file's worker delivers these.
process.env.JOB_SCHEMA = `callback_test_${randomBytes(4).toString("hex")}`;
process.env.CALLBACK_HTTP_HOSTS = "127.0.0.1";
process.env.CALLBACK_ALLOW_PRIVATE = "true";
process.env.CALLBACK_RETRY_BASE_SECONDS = "0.3";
process.env.CALLBACK_MAX_ATTEMPTS = "4";

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  json: Record<string, unknown>;
}

/** A real HTTP receiver on loopback; each path answers by its rule (attempt number → status), 200 by default. */
const received: Received[] = [];
const rules = new Map<string, (attempt: number) => number>();
const hits = new Map<string, number>();
const receiver = http.createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on("data", (chunk: Buffer) => chunks.push(chunk));
  request.on("end", () => {
    const path = request.url ?? "/";
    const attempt = (hits.get(path) ?? 0) + 1;
    hits.set(path, attempt);
    const status = rules.get(path)?.(attempt) ?? 200;
    const body = Buffer.concat(chunks).toString("utf8");
    if (status >= 200 && status < 300) received.push({ path, headers: request.headers, body, json: JSON.parse(body) as Record<string, unknown> });
    response.writeHead(status, { "Content-Type": "text/plain" });
    response.end(status >= 300 ? `nope ${attempt} ${"x".repeat(3000)}` : "ok");
  });
});
let base = "";
/** TCP connections the receiver has accepted: the worker keeps them open between deliveries. */
let connectionsAccepted = 0;
receiver.on("connection", () => connectionsAccepted++);

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  await startJobQueue({ only: ["deliver-callback"], pollingIntervalSeconds: 0.5 });
});
afterAll(async () => {
  await stopJobQueue();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});
afterEach(() => {
  process.env.CALLBACK_ALLOW_PRIVATE = "true";
});

async function expectStatus(method: string, path: string, key: string | undefined, status: number) {
  const response = await call(method, path, key ? { key } : {});
  expect(response.status).toBe(status);
}

const uniquePath = (name: string) => `/${name}-${randomBytes(5).toString("hex")}`;
const receivedAt = (path: string) => received.filter((entry) => entry.path === path);

async function register(account: SeededAccount, path: string, events: string[], key?: string) {
  await callJson("POST", "/api/callback", { key: account.apiKey, json: { url: `${base}${path}`, events, ...(key ? { key } : {}) } });
}

/** Records spec events of one package in one transaction each, as the package's use cases do. */
async function recordEvents(account: SeededAccount, packageId: string | null, names: EventName[], message = "") {
  const db = await getDb();
  for (const [index, name] of names.entries()) {
    await db.transaction((tx) => recordEvent(tx, { accountId: account.accountId, packageId, name, sessionUser: account.userId, message: `${message}${index}` }));
  }
}

async function deliveriesOf(accountId: string) {
  const db = await getDb();
  return db.select().from(callbackDeliveries).where(eq(callbackDeliveries.accountId, accountId)).orderBy(asc(callbackDeliveries.eventId));
}

async function attemptsOf(deliveryId: string) {
  const db = await getDb();
  return db.select().from(callbackAttempts).where(eq(callbackAttempts.deliveryId, deliveryId)).orderBy(asc(callbackAttempts.id));
}

async function waitForStatuses(accountId: string, statuses: string[], timeout = 25_000) {
  await vi.waitFor(async () => expect((await deliveriesOf(accountId)).map((delivery) => delivery.status)).toEqual(statuses), { timeout, interval: 150 });
  return deliveriesOf(accountId);
}

interface DeliveryList {
  results: { id: string; eventName: string; packageId?: string; url: string; status: string; created: string; attempts: { statusCode?: number; error?: string; latencyMs: number; responseExcerpt?: string }[] }[];
  count: number;
}

describe("callback delivery", () => {
  it("delivers a package's event through the API with the original body, Basic key and a signature that verifies", async () => {
    const owner = await seedAccount();
    const path = uniquePath("signed");
    await register(owner, path, ["PACKAGE_CREATE"], "s3cret-key");
    const created = await callJson<{ id: string }>("POST", "/api/packages", { key: owner.apiKey, json: packagePayload({ name: "Callback test", documents: [] }) });

    await vi.waitFor(() => expect(receivedAt(path)).toHaveLength(1), { timeout: 20_000, interval: 100 });
    const [delivery] = receivedAt(path);
    expect(delivery.json).toEqual({
      "@class": "com.silanis.esl.packages.event.ESLProcessEvent",
      name: "PACKAGE_CREATE",
      sessionUser: owner.userId,
      packageId: created.id,
      createdDate: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    expect(Object.values(delivery.json)).not.toContain(null);
    expect(delivery.headers.authorization).toBe("Basic s3cret-key");
    expect(delivery.headers["content-type"]).toBe("application/json");
    const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(delivery.headers["signet-signature"]));
    expect(match).not.toBeNull();
    const [, t, v1] = match!;
    expect(Math.abs(Number(t) - Date.now() / 1000)).toBeLessThan(60);
    expect(createHmac("sha256", "s3cret-key").update(`${t}.${delivery.body}`).digest("hex")).toBe(v1);

    const [row] = await waitForStatuses(owner.accountId, ["DELIVERED"]);
    expect(row.attempts).toBe(1);
    expect(row.deliveredAt).toBeInstanceOf(Date);
    expect(delivery.headers["signet-delivery-id"]).toBe(row.id);
  });

  it("without a key: neither Authorization nor Signet-Signature; events not subscribed are not sent", async () => {
    const owner = await seedAccount();
    const path = uniquePath("nokey");
    await register(owner, path, ["DOCUMENT_VIEWED"]);
    await recordEvents(owner, "pkg-nokey", ["PACKAGE_ACTIVATE", "DOCUMENT_VIEWED"]);
    await vi.waitFor(() => expect(receivedAt(path)).toHaveLength(1), { timeout: 20_000, interval: 100 });
    const [delivery] = receivedAt(path);
    expect(delivery.json.name).toBe("DOCUMENT_VIEWED");
    expect(delivery.headers.authorization).toBeUndefined();
    expect(delivery.headers["signet-signature"]).toBeUndefined();
    expect(await deliveriesOf(owner.accountId)).toHaveLength(1);
  });

  it("adds newRoleId for ROLE_REASSIGN only", async () => {
    const owner = await seedAccount();
    const path = uniquePath("reassign");
    await register(owner, path, ["ROLE_REASSIGN"]);
    const db = await getDb();
    await db.transaction((tx) =>
      recordEvent(tx, { accountId: owner.accountId, packageId: "pkg-r", name: "ROLE_REASSIGN", sessionUser: owner.userId, newRoleId: "role-2", documentId: "doc-1" }),
    );
    await vi.waitFor(() => expect(receivedAt(path)).toHaveLength(1), { timeout: 20_000, interval: 100 });
    expect(receivedAt(path)[0].json).toMatchObject({ name: "ROLE_REASSIGN", newRoleId: "role-2", documentId: "doc-1", packageId: "pkg-r" });
  });

  it("a receiver failing the first three attempts: delivered once on the fourth, every attempt logged", async () => {
    const owner = await seedAccount();
    const path = uniquePath("flaky");
    rules.set(path, (attempt) => (attempt <= 3 ? 503 : 200));
    await register(owner, path, ["PACKAGE_COMPLETE"]);
    await recordEvents(owner, "pkg-flaky", ["PACKAGE_COMPLETE"]);

    const [delivery] = await waitForStatuses(owner.accountId, ["DELIVERED"]);
    expect(delivery.attempts).toBe(4);
    expect(receivedAt(path)).toHaveLength(1);
    const attempts = await attemptsOf(delivery.id);
    expect(attempts.map((attempt) => attempt.statusCode)).toEqual([503, 503, 503, 200]);
    expect(attempts[0].error).toBe("The receiver answered HTTP 503");
    expect(attempts[0].responseExcerpt!.length).toBeLessThanOrEqual(1024);
    expect(attempts[0].responseExcerpt).toMatch(/^nope 1 x+/);
    // Backoff: each wait longer than the one before (0.3 s, 0.6 s, 1.2 s, ±10 %).
    const gaps = attempts.slice(1).map((attempt, index) => attempt.attemptedAt.getTime() - attempts[index].attemptedAt.getTime());
    expect(gaps[0]).toBeGreaterThanOrEqual(250);
    expect(gaps[2]).toBeGreaterThanOrEqual(1_000);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(hits.get(path)).toBe(4);
  });

  it("a receiver down for the whole window: FAILED after the last attempt, the owner e-mailed", async () => {
    const owner = await seedAccount();
    const path = uniquePath("down");
    rules.set(path, () => 500);
    await register(owner, path, ["PACKAGE_DECLINE"]);
    await recordEvents(owner, "pkg-down", ["PACKAGE_DECLINE"]);

    const [delivery] = await waitForStatuses(owner.accountId, ["FAILED"]);
    expect(delivery.attempts).toBe(4);
    expect(delivery.lastStatusCode).toBe(500);
    expect(await attemptsOf(delivery.id)).toHaveLength(4);
    const db = await getDb();
    const mails = await db.select().from(outboxMessages).where(and(eq(outboxMessages.accountId, owner.accountId), eq(outboxMessages.kind, "CALLBACK_FAILING")));
    expect(mails).toHaveLength(1);
    expect(mails[0].to).toBe(owner.email);
    expect(mails[0].text).toContain("PACKAGE_DECLINE");
    expect(mails[0].text).toContain(`${base}${path}`);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(hits.get(path)).toBe(4);
  });

  it("delivers the events of one package in the order they happened, also across a failing first event", async () => {
    const owner = await seedAccount();
    const path = uniquePath("order");
    // The first delivery fails twice: the later events of its package wait for it.
    rules.set(path, (attempt) => (attempt <= 2 ? 502 : 200));
    await register(owner, path, ["DOCUMENT_VIEWED", "DOCUMENT_SIGNED", "SIGNER_COMPLETE"]);
    const names: EventName[] = ["DOCUMENT_VIEWED", "DOCUMENT_SIGNED", "SIGNER_COMPLETE", "DOCUMENT_VIEWED", "DOCUMENT_SIGNED", "SIGNER_COMPLETE"];
    await Promise.all([recordEvents(owner, "pkg-a", names, "a"), recordEvents(owner, "pkg-b", names, "b")]);

    await waitForStatuses(owner.accountId, Array(12).fill("DELIVERED"), 40_000);
    for (const packageId of ["pkg-a", "pkg-b"]) {
      const messages = receivedAt(path)
        .filter((entry) => entry.json.packageId === packageId)
        .map((entry) => entry.json.message);
      expect(messages).toEqual(names.map((_, index) => `${packageId.slice(-1)}${index}`));
    }
  });

  it("removing the registration cancels pending deliveries at once; changing it cancels those to the old url", async () => {
    const owner = await seedAccount();
    const path = uniquePath("removed");
    rules.set(path, () => 500);
    await register(owner, path, ["PACKAGE_TRASH"]);
    await recordEvents(owner, "pkg-removed", ["PACKAGE_TRASH", "PACKAGE_TRASH"]);
    await vi.waitFor(() => expect(hits.get(path)).toBeGreaterThanOrEqual(1), { timeout: 20_000, interval: 50 });
    await expectStatus("DELETE", "/api/callback", owner.apiKey, 204);
    const cancelled = await deliveriesOf(owner.accountId);
    expect(cancelled.map((delivery) => delivery.status)).toEqual(["CANCELLED", "CANCELLED"]);
    const hitsAtRemoval = hits.get(path)!;
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(hits.get(path)! - hitsAtRemoval).toBeLessThanOrEqual(1); // at most the attempt in flight

    const other = await seedAccount();
    const oldPath = uniquePath("old");
    const newPath = uniquePath("new");
    rules.set(oldPath, () => 500);
    await register(other, oldPath, ["PACKAGE_TRASH"]);
    await recordEvents(other, "pkg-moved", ["PACKAGE_TRASH"]);
    await vi.waitFor(() => expect(hits.get(oldPath)).toBeGreaterThanOrEqual(1), { timeout: 20_000, interval: 50 });
    await register(other, newPath, ["PACKAGE_TRASH"]);
    expect((await deliveriesOf(other.accountId)).map((delivery) => delivery.status)).toEqual(["CANCELLED"]);
    await recordEvents(other, "pkg-moved", ["PACKAGE_TRASH"]);
    await waitForStatuses(other.accountId, ["CANCELLED", "DELIVERED"]);
    expect(receivedAt(newPath)).toHaveLength(1);
  });

  it("the SSRF guard refuses 127.0.0.1 without CALLBACK_ALLOW_PRIVATE, as a failed attempt with a clear error", async () => {
    process.env.CALLBACK_ALLOW_PRIVATE = "false";
    const owner = await seedAccount();
    const path = uniquePath("ssrf");
    await register(owner, path, ["PACKAGE_EXPIRE"]);
    await recordEvents(owner, "pkg-ssrf", ["PACKAGE_EXPIRE"]);
    const [delivery] = await waitForStatuses(owner.accountId, ["FAILED"]);
    const attempts = await attemptsOf(delivery.id);
    expect(attempts).toHaveLength(4);
    expect(attempts[0].statusCode).toBeNull();
    expect(attempts[0].error).toMatch(/^Refused: 127\.0\.0\.1 resolves to 127\.0\.0\.1/);
    expect(hits.get(path)).toBeUndefined();
  });

  it("a network error (nothing listening) is a failed attempt", async () => {
    const owner = await seedAccount();
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await callJson("POST", "/api/callback", { key: owner.apiKey, json: { url: `http://127.0.0.1:${port}/gone`, events: ["PACKAGE_ARCHIVE"] } });
    await recordEvents(owner, null, ["PACKAGE_ARCHIVE"]);
    const [delivery] = await waitForStatuses(owner.accountId, ["FAILED"]);
    expect((await attemptsOf(delivery.id))[0].error).toMatch(/ECONNREFUSED/);
  });
});

describe("many deliveries", () => {
  it("300 events of 30 packages: each delivered exactly once, in order per package, over at most CALLBACK_CONCURRENCY kept-alive connections", { timeout: 120_000 }, async () => {
    process.env.CALLBACK_CONCURRENCY = "8";
    try {
      const owner = await seedAccount();
      const path = uniquePath("many");
      await register(owner, path, ["DOCUMENT_SIGNED"], "many-key");
      const packages = Array.from({ length: 30 }, (_, index) => `pkg-many-${index}`);
      const connectionsBefore = connectionsAccepted;
      // One transaction: its commit hands the worker all 300 at once.
      const db = await getDb();
      await db.transaction(async (tx) => {
        for (const packageId of packages) {
          for (let index = 0; index < 10; index++) {
            await recordEvent(tx, { accountId: owner.accountId, packageId, name: "DOCUMENT_SIGNED", sessionUser: owner.userId, message: `${packageId}:${index}` });
          }
        }
      });

      await waitForStatuses(owner.accountId, Array(300).fill("DELIVERED"), 100_000);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const arrived = receivedAt(path);
      const messages = arrived.map((entry) => String(entry.json.message));
      expect(messages).toHaveLength(300);
      expect(new Set(messages).size).toBe(300);
      for (const packageId of packages) {
        expect(messages.filter((message) => message.startsWith(`${packageId}:`))).toEqual(Array.from({ length: 10 }, (_, index) => `${packageId}:${index}`));
      }
      expect(new Set(arrived.map((entry) => entry.headers["signet-delivery-id"])).size).toBe(300);
      expect(arrived.every((entry) => entry.headers.authorization === "Basic many-key")).toBe(true);
      // One connection per delivery without keep-alive; here a few, reused.
      const opened = connectionsAccepted - connectionsBefore;
      expect(opened).toBeGreaterThan(0);
      expect(opened).toBeLessThanOrEqual(8);
    } finally {
      delete process.env.CALLBACK_CONCURRENCY;
    }
  });
});

describe("runs at the same time", () => {
  it("three workers' batches naming the same deliveries at once: each is sent once, in order per package", { timeout: 60_000 }, async () => {
    await stopJobQueue();
    try {
      const owner = await seedAccount();
      const path = uniquePath("same-time");
      await register(owner, path, ["DOCUMENT_VIEWED"]);
      const packages = Array.from({ length: 6 }, (_, index) => `pkg-same-${index}`);
      const db = await getDb();
      await db.transaction(async (tx) => {
        for (const packageId of packages) {
          for (let index = 0; index < 4; index++) {
            await recordEvent(tx, { accountId: owner.accountId, packageId, name: "DOCUMENT_VIEWED", sessionUser: owner.userId, message: `${packageId}:${index}` });
          }
        }
      });
      const ids = (await deliveriesOf(owner.accountId)).map((delivery) => delivery.id);
      // What three workers do when their batches hold the same jobs (a spare run, the sweep).
      await Promise.all([deliverCallbacks(ids), deliverCallbacks(ids), deliverCallbacks([...ids].reverse())]);

      await waitForStatuses(owner.accountId, Array(24).fill("DELIVERED"));
      const messages = receivedAt(path).map((entry) => String(entry.json.message));
      expect(messages).toHaveLength(24);
      expect(new Set(messages).size).toBe(24);
      for (const packageId of packages) {
        expect(messages.filter((message) => message.startsWith(`${packageId}:`))).toEqual([0, 1, 2, 3].map((index) => `${packageId}:${index}`));
      }
      for (const id of ids) expect(await attemptsOf(id)).toHaveLength(1);
    } finally {
      await startJobQueue({ only: ["deliver-callback"], pollingIntervalSeconds: 0.5 });
    }
  });
});

describe("GET /api/callback/deliveries and resend", () => {
  it("lists deliveries newest first with their attempts, pages, filters by status", async () => {
    const owner = await seedAccount();
    const path = uniquePath("list");
    await register(owner, path, ["PACKAGE_CREATE", "PACKAGE_ACTIVATE", "PACKAGE_COMPLETE"]);
    await recordEvents(owner, "pkg-list", ["PACKAGE_CREATE", "PACKAGE_ACTIVATE", "PACKAGE_COMPLETE"]);
    await waitForStatuses(owner.accountId, ["DELIVERED", "DELIVERED", "DELIVERED"]);

    const all = await callJson<DeliveryList>("GET", "/api/callback/deliveries", { key: owner.apiKey });
    expect(all.count).toBe(3);
    expect(all.results.map((delivery) => delivery.eventName)).toEqual(["PACKAGE_COMPLETE", "PACKAGE_ACTIVATE", "PACKAGE_CREATE"]);
    expect(all.results[0]).toMatchObject({ packageId: "pkg-list", url: `${base}${path}`, status: "DELIVERED" });
    expect(all.results[0].attempts).toEqual([{ attemptedAt: expect.stringMatching(/Z$/), statusCode: 200, latencyMs: expect.any(Number), responseExcerpt: "ok" }]);
    expect(JSON.stringify(all)).not.toContain("null");

    const page = await callJson<DeliveryList>("GET", "/api/callback/deliveries?from=2&to=3", { key: owner.apiKey });
    expect(page.count).toBe(3);
    expect(page.results.map((delivery) => delivery.eventName)).toEqual(["PACKAGE_ACTIVATE", "PACKAGE_CREATE"]);
    const failed = await callJson<DeliveryList>("GET", "/api/callback/deliveries?status=FAILED", { key: owner.apiKey });
    expect(failed).toEqual({ results: [], count: 0 });
    await expectStatus("GET", "/api/callback/deliveries?status=LOST", owner.apiKey, 400);
    await expectStatus("GET", "/api/callback/deliveries?from=-1", owner.apiKey, 400);
    await expectStatus("GET", "/api/callback/deliveries?from=3&to=2", owner.apiKey, 400);
  });

  it("resends a FAILED delivery as a new sequence of attempts; refuses a PENDING or CANCELLED one", async () => {
    const owner = await seedAccount();
    const path = uniquePath("resend");
    let healthy = false;
    rules.set(path, () => (healthy ? 200 : 500));
    await register(owner, path, ["PACKAGE_DELETE"]);
    await recordEvents(owner, "pkg-resend", ["PACKAGE_DELETE"]);
    const [failed] = await waitForStatuses(owner.accountId, ["FAILED"]);

    healthy = true;
    await expectStatus("POST", `/api/callback/deliveries/${failed.id}/resend`, owner.apiKey, 204);
    const [delivered] = await waitForStatuses(owner.accountId, ["DELIVERED"]);
    expect(delivered.attempts).toBe(1);
    expect(await attemptsOf(delivered.id)).toHaveLength(5);
    expect(receivedAt(path)).toHaveLength(1);
    const listed = await callJson<DeliveryList>("GET", "/api/callback/deliveries", { key: owner.apiKey });
    expect(listed.results[0].attempts.map((attempt) => attempt.statusCode)).toEqual([500, 500, 500, 500, 200]);

    // A DELIVERED one can be sent again too.
    await expectStatus("POST", `/api/callback/deliveries/${failed.id}/resend`, owner.apiKey, 204);
    await vi.waitFor(() => expect(receivedAt(path)).toHaveLength(2), { timeout: 20_000, interval: 100 });
    await waitForStatuses(owner.accountId, ["DELIVERED"]);

    await expectStatus("DELETE", "/api/callback", owner.apiKey, 204);
    const noRegistration = await callJson<{ messageKey: string }>("POST", `/api/callback/deliveries/${failed.id}/resend`, { key: owner.apiKey, expect: 409 });
    expect(noRegistration.messageKey).toBe("error.conflict.noCallbackRegistration");

    rules.set(path, () => 500);
    await register(owner, path, ["PACKAGE_DELETE"]);
    await recordEvents(owner, "pkg-resend-2", ["PACKAGE_DELETE"]);
    const pending = (await deliveriesOf(owner.accountId)).find((delivery) => delivery.status === "PENDING")!;
    const refused = await callJson<{ code: number; messageKey: string }>("POST", `/api/callback/deliveries/${pending.id}/resend`, { key: owner.apiKey, expect: 409 });
    expect(refused.messageKey).toBe("error.conflict.callbackDeliveryNotFinished");
    await expectStatus("DELETE", "/api/callback", owner.apiKey, 204);
  });

  it("401 without a key, 403 without callbacks.manage, 404 for another account's delivery or an unknown id", async () => {
    const owner = await seedAccount();
    const path = uniquePath("iso");
    await register(owner, path, ["PACKAGE_RESTORE"]);
    await recordEvents(owner, "pkg-iso", ["PACKAGE_RESTORE"]);
    const [delivery] = await waitForStatuses(owner.accountId, ["DELIVERED"]);

    await expectStatus("GET", "/api/callback/deliveries", undefined, 401);
    await expectStatus("POST", `/api/callback/deliveries/${delivery.id}/resend`, undefined, 401);
    const sender = await seedSender(owner);
    const forbidden = await callJson<{ messageKey: string }>("GET", "/api/callback/deliveries", { key: sender.apiKey, expect: 403 });
    expect(forbidden.messageKey).toBe("error.forbidden.noPermission");
    await expectStatus("POST", `/api/callback/deliveries/${delivery.id}/resend`, sender.apiKey, 403);

    const stranger = await seedAccount();
    await register(stranger, uniquePath("stranger"), ["PACKAGE_RESTORE"]);
    expect(await callJson<DeliveryList>("GET", "/api/callback/deliveries", { key: stranger.apiKey })).toEqual({ results: [], count: 0 });
    const notFound = await callJson<{ code: number; messageKey: string }>("POST", `/api/callback/deliveries/${delivery.id}/resend`, { key: stranger.apiKey, expect: 404 });
    expect(notFound).toMatchObject({ code: 404, messageKey: "error.notFound.callbackDeliveryNotFound" });
    await expectStatus("POST", "/api/callback/deliveries/no-such-delivery/resend", owner.apiKey, 404);
  });
});

describe("restart", () => {
  it("a delivery committed while the queue is stopped is delivered once it starts", async () => {
    await stopJobQueue();
    const owner = await seedAccount();
    const path = uniquePath("restart");
    await register(owner, path, ["PACKAGE_OPT_OUT"]);
    await recordEvents(owner, "pkg-restart", ["PACKAGE_OPT_OUT"]);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(receivedAt(path)).toHaveLength(0);
    await startJobQueue({ only: ["deliver-callback"], pollingIntervalSeconds: 0.5 });
    await waitForStatuses(owner.accountId, ["DELIVERED"]);
    expect(receivedAt(path)).toHaveLength(1);
  });
});

describe("stalled deliveries", () => {
  it("a delivery whose run was lost while an instance held it is queued again and sent once its lease ends", async () => {
    await stopJobQueue();
    const owner = await seedAccount();
    const path = uniquePath("stalled");
    await register(owner, path, ["PACKAGE_ATTACHMENT"]);
    await recordEvents(owner, "pkg-stalled", ["PACKAGE_ATTACHMENT", "PACKAGE_ATTACHMENT"]);
    const [first, second] = await deliveriesOf(owner.accountId);
    // What an instance killed mid-send leaves: the first delivery leased, its job gone (the second waits behind it).
    const leaseEnd = new Date(Date.now() + 2_000);
    const db = await getDb();
    await db.update(callbackDeliveries).set({ leaseUntil: leaseEnd }).where(eq(callbackDeliveries.id, first.id));
    await (await database()).executeSql(`delete from ${process.env.JOB_SCHEMA}.job where name = 'deliver-callback' and data->>'deliveryId' = $1`, [first.id]);

    await startJobQueue({ only: ["deliver-callback"], pollingIntervalSeconds: 0.5 });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(receivedAt(path)).toHaveLength(0);
    // One run per package (its later deliveries follow the first), scoped to this account.
    expect(await requeueStalledDeliveries(new Date(), 0, { accountIds: [owner.accountId] })).toBe(1);
    await waitForStatuses(owner.accountId, ["DELIVERED", "DELIVERED"]);
    const [attempt] = await attemptsOf(first.id);
    expect(attempt.attemptedAt.getTime()).toBeGreaterThanOrEqual(leaseEnd.getTime());
    expect(receivedAt(path).map((entry) => entry.headers["signet-delivery-id"])).toEqual([first.id, second.id]);
    // Nothing stalled any more.
    expect(await requeueStalledDeliveries(new Date(), 0, { accountIds: [owner.accountId] })).toBe(0);
  });
});

describe.runIf(process.env.DATABASE_URL?.startsWith("postgres"))("two instances on one PostgreSQL database", () => {
  it("100 events of 10 packages: each delivered exactly once, in order per package", { timeout: 120_000 }, async () => {
    // A second pg-boss instance on the same queue schema, with its own connections: it competes with this file's worker for every job.
    const definition = jobDefinition("deliver-callback");
    const second = new PgBoss({ connectionString: (await database()).url, schema: process.env.JOB_SCHEMA, max: 3, supervise: false, schedule: false, migrate: false });
    await second.start();
    await second.work<{ deliveryId: string }>("deliver-callback", { batchSize: 5, pollingIntervalSeconds: 0.5 }, async (jobs) => {
      for (const job of jobs) await definition.handle(job.data, { id: job.id, retryCount: 0, retryLimit: 0, isLastAttempt: false });
    });
    try {
      const owner = await seedAccount();
      const path = uniquePath("two");
      await register(owner, path, ["DOCUMENT_VIEWED"]);
      const packages = Array.from({ length: 10 }, (_, index) => `pkg-two-${index}`);
      const names: EventName[] = Array(10).fill("DOCUMENT_VIEWED");
      await Promise.all(packages.map((packageId) => recordEvents(owner, packageId, names, `${packageId}:`)));

      await waitForStatuses(owner.accountId, Array(100).fill("DELIVERED"), 100_000);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const messages = receivedAt(path).map((entry) => String(entry.json.message));
      expect(messages).toHaveLength(100);
      expect(new Set(messages).size).toBe(100);
      for (const packageId of packages) {
        expect(messages.filter((message) => message.startsWith(`${packageId}:`))).toEqual(names.map((_, index) => `${packageId}:${index}`));
      }
    } finally {
      await second.stop({ graceful: true, close: true, wait: true, timeout: 10_000 });
    }
  });
});

describe("POST /api/callback/test", () => {
  it("delivers a CALLBACK_TEST event to the destination whatever it subscribes to, logged and audited like any delivery", async () => {
    const owner = await seedAccount();
    const path = uniquePath("test-event");
    await register(owner, path, ["PACKAGE_COMPLETE"], "test-key");

    const queued = await callJson<DeliveryList["results"][number]>("POST", "/api/callback/test", { key: owner.apiKey, expect: 202 });
    expect(queued).toMatchObject({ eventName: "CALLBACK_TEST", url: `${base}${path}`, status: "PENDING", attempts: [] });
    expect(queued).not.toHaveProperty("packageId");

    await vi.waitFor(() => expect(receivedAt(path)).toHaveLength(1), { timeout: 20_000, interval: 100 });
    const [arrived] = receivedAt(path);
    expect(arrived.headers.authorization).toBe("Basic test-key");
    expect(arrived.headers["signet-delivery-id"]).toBe(queued.id);
    expect(arrived.json).toEqual({
      "@class": "com.silanis.esl.packages.event.ESLProcessEvent",
      name: "CALLBACK_TEST",
      sessionUser: owner.userId,
      message: "A test event: Signet can reach this callback destination.",
      createdDate: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    const [delivered] = await waitForStatuses(owner.accountId, ["DELIVERED"]);
    expect(delivered.id).toBe(queued.id);
    const listed = await callJson<DeliveryList>("GET", "/api/callback/deliveries", { key: owner.apiKey });
    expect(listed.results).toMatchObject([{ id: queued.id, eventName: "CALLBACK_TEST", status: "DELIVERED", attempts: [{ statusCode: 200 }] }]);

    const audit = await callJson<{ results: { name: string; message?: string }[] }>("GET", "/api/account/auditEvents?name=CALLBACK_TEST", { key: owner.apiKey });
    expect(audit.results).toMatchObject([{ name: "CALLBACK_TEST" }]);
  });

  it("a failing destination fails the test event after its attempts; resent once it is back, it is delivered", async () => {
    const owner = await seedAccount();
    const path = uniquePath("test-event-down");
    let healthy = false;
    rules.set(path, () => (healthy ? 200 : 503));
    await register(owner, path, ["PACKAGE_CREATE"]);
    const queued = await callJson<{ id: string }>("POST", "/api/callback/test", { key: owner.apiKey, expect: 202 });
    const [failed] = await waitForStatuses(owner.accountId, ["FAILED"]);
    expect(failed).toMatchObject({ id: queued.id, attempts: 4, lastStatusCode: 503 });

    healthy = true;
    await expectStatus("POST", `/api/callback/deliveries/${queued.id}/resend`, owner.apiKey, 204);
    await waitForStatuses(owner.accountId, ["DELIVERED"]);
    expect(receivedAt(path).map((entry) => entry.json.name)).toEqual(["CALLBACK_TEST"]);
  });

  it("409 without a registration; 401 without a key; 403 without callbacks.manage", async () => {
    const owner = await seedAccount();
    const refused = await callJson<{ messageKey: string }>("POST", "/api/callback/test", { key: owner.apiKey, expect: 409 });
    expect(refused.messageKey).toBe("error.conflict.noCallbackRegistration");
    expect(await deliveriesOf(owner.accountId)).toEqual([]);
    await expectStatus("POST", "/api/callback/test", undefined, 401);
    await register(owner, uniquePath("test-event-403"), ["PACKAGE_CREATE"]);
    const sender = await seedSender(owner);
    await expectStatus("POST", "/api/callback/test", sender.apiKey, 403);
    expect(await deliveriesOf(owner.accountId)).toEqual([]);
  });
});
