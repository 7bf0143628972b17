import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "@/lib/db/client";
import { callbackDeliveries } from "@/lib/db/schema";
import { recordEvent, type EventName } from "@/lib/esign/audit/record-event";
import { startJobQueue, stopJobQueue } from "@/lib/jobs/queue";
import { requeueStalledDeliveries } from "@/lib/callbacks/requeue-stalled-deliveries";
import { call, callJson } from "../support/api-client";
import { seedAccount, type SeededAccount } from "../support/seed";

// A job schema of its own: on the shared PostgreSQL test database, no other test file's worker delivers these.
process.env.JOB_SCHEMA = `connector_test_${randomBytes(4).toString("hex")}`;
process.env.CALLBACK_HTTP_HOSTS = "127.0.0.1";
process.env.CALLBACK_ALLOW_PRIVATE = "true";
process.env.CALLBACK_RETRY_BASE_SECONDS = "0.3";
process.env.CALLBACK_MAX_ATTEMPTS = "3";

interface Received {
  path: string;
  authorization?: string;
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
    if (status < 300) received.push({ path, authorization: request.headers.authorization, json: JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, unknown> });
    response.writeHead(status, { "Content-Type": "text/plain" }).end(status < 300 ? "ok" : "nope");
  });
});
let base = "";

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  await startJobQueue({ only: ["deliver-callback"], pollingIntervalSeconds: 0.5 });
});
afterAll(async () => {
  await stopJobQueue();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

const uniquePath = (name: string) => `/${name}-${randomBytes(5).toString("hex")}`;
const receivedAt = (path: string) => received.filter((entry) => entry.path === path);

async function recordEvents(account: SeededAccount, packageId: string | null, names: EventName[]) {
  const db = await getDb();
  for (const name of names) await db.transaction((tx) => recordEvent(tx, { accountId: account.accountId, packageId, name, sessionUser: account.userId }));
}

async function deliveriesOf(accountId: string) {
  const db = await getDb();
  return db.select().from(callbackDeliveries).where(eq(callbackDeliveries.accountId, accountId)).orderBy(asc(callbackDeliveries.eventId), asc(callbackDeliveries.connector));
}

describe("callback connectors: the API", () => {
  it("registers, reads, lists, replaces and removes a connector per account and name; the main registration is another", async () => {
    const owner = await seedAccount();
    const registration = { url: "https://connectors.example.test/dynamics", key: "1234", events: ["PACKAGE_CREATE", "DOCUMENT_SIGNED", "PACKAGE_CREATE"] };
    const answered = await callJson("POST", "/api/callback/connectors/dynamics2013", { key: owner.apiKey, json: registration });
    expect(answered).toEqual({ url: registration.url, key: "1234", events: ["PACKAGE_CREATE", "DOCUMENT_SIGNED"] });
    expect(await callJson("GET", "/api/callback/connectors/dynamics2013", { key: owner.apiKey })).toEqual(answered);
    // The main registration is untouched.
    expect((await call("GET", "/api/callback", { key: owner.apiKey })).status).toBe(204);

    // PUT replaces it; without a key, none is kept.
    await callJson("PUT", "/api/callback/connectors/dynamics2013", { key: owner.apiKey, json: { url: "https://connectors.example.test/v2", events: ["PACKAGE_COMPLETE"] } });
    expect(await callJson("GET", "/api/callback/connectors/dynamics2013", { key: owner.apiKey })).toEqual({ url: "https://connectors.example.test/v2", events: ["PACKAGE_COMPLETE"] });
    await callJson("POST", "/api/callback/connectors/sharepoint2013", { key: owner.apiKey, json: { url: "https://sp.example.test/", events: ["PACKAGE_TRASH"] } });
    expect(await callJson("GET", "/api/callback/connectors", { key: owner.apiKey })).toEqual({
      results: [
        { name: "dynamics2013", url: "https://connectors.example.test/v2", events: ["PACKAGE_COMPLETE"] },
        { name: "sharepoint2013", url: "https://sp.example.test/", events: ["PACKAGE_TRASH"] },
      ],
      count: 2,
    });

    // Another account sees none of them.
    const other = await seedAccount();
    const missing = await call("GET", "/api/callback/connectors/dynamics2013", { key: other.apiKey });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ code: 404, name: "Not Found", messageKey: "error.notFound.callbackConnectorNotFound" });
    expect(await callJson("GET", "/api/callback/connectors", { key: other.apiKey })).toEqual({ results: [], count: 0 });

    expect((await call("DELETE", "/api/callback/connectors/dynamics2013", { key: owner.apiKey })).status).toBe(204);
    expect((await call("DELETE", "/api/callback/connectors/dynamics2013", { key: owner.apiKey })).status).toBe(204);
    expect((await call("GET", "/api/callback/connectors/dynamics2013", { key: owner.apiKey })).status).toBe(404);
    expect((await callJson<{ count: number }>("GET", "/api/callback/connectors", { key: owner.apiKey })).count).toBe(1);
  });

  it("refuses a bad name, unknown events, a plain-http url, the 21st connector, and callers without a key", async () => {
    const owner = await seedAccount();
    const refusal = async (name: string, json: unknown, messageKey: string) => {
      const response = await call("POST", `/api/callback/connectors/${encodeURIComponent(name)}`, { key: owner.apiKey, json });
      expect(response.status, name).toBe(400);
      expect(await response.json()).toMatchObject({ code: 400, messageKey });
    };
    const good = { url: "https://c.example.test/", events: ["PACKAGE_CREATE"] };
    await refusal("9lives", good, "error.validation.callbackConnectorName");
    await refusal("a b", good, "error.validation.callbackConnectorName");
    await refusal("x".repeat(65), good, "error.validation.callbackConnectorName");
    await refusal("dynamics", { ...good, events: ["NOPE"] }, "error.validation.unknownCallbackEvents");
    await refusal("dynamics", { ...good, url: "http://c.example.test/" }, "error.validation.callbackUrl");
    for (let i = 0; i < 20; i++) await callJson("POST", `/api/callback/connectors/c${i}`, { key: owner.apiKey, json: good });
    await refusal("c20", good, "error.validation.tooManyCallbackConnectors");
    // Replacing one of the twenty is still allowed.
    await callJson("POST", "/api/callback/connectors/c3", { key: owner.apiKey, json: { ...good, events: ["PACKAGE_TRASH"] } });
    expect((await call("GET", "/api/callback/connectors/c3")).status).toBe(401);
  });
});

describe("callback connectors: delivery", () => {
  it("each destination gets the events it subscribes to, with its own key, in order per package; a failing connector holds back only its own", { timeout: 60_000 }, async () => {
    const owner = await seedAccount();
    const mainPath = uniquePath("main");
    const connectorPath = uniquePath("dynamics");
    rules.set(connectorPath, (attempt) => (attempt <= 2 ? 503 : 200));
    await callJson("POST", "/api/callback", { key: owner.apiKey, json: { url: `${base}${mainPath}`, key: "main-key", events: ["PACKAGE_CREATE", "PACKAGE_ACTIVATE", "PACKAGE_COMPLETE"] } });
    await callJson("POST", "/api/callback/connectors/dynamics2013", {
      key: owner.apiKey,
      json: { url: `${base}${connectorPath}`, key: "1234", events: ["PACKAGE_CREATE", "PACKAGE_COMPLETE", "DOCUMENT_SIGNED"] },
    });
    await recordEvents(owner, "pkg-connectors", ["PACKAGE_CREATE", "PACKAGE_ACTIVATE", "DOCUMENT_SIGNED", "PACKAGE_COMPLETE"]);

    // The main receiver has its three while the connector's first delivery is still being retried.
    await vi.waitFor(() => expect(receivedAt(mainPath).map((entry) => entry.json.name)).toEqual(["PACKAGE_CREATE", "PACKAGE_ACTIVATE", "PACKAGE_COMPLETE"]), { timeout: 20_000, interval: 100 });
    expect(receivedAt(mainPath).every((entry) => entry.authorization === "Basic main-key")).toBe(true);
    await vi.waitFor(() => expect(receivedAt(connectorPath).map((entry) => entry.json.name)).toEqual(["PACKAGE_CREATE", "DOCUMENT_SIGNED", "PACKAGE_COMPLETE"]), { timeout: 20_000, interval: 100 });
    expect(receivedAt(connectorPath).every((entry) => entry.authorization === "Basic 1234" && entry.json.packageId === "pkg-connectors")).toBe(true);

    await vi.waitFor(async () => expect((await deliveriesOf(owner.accountId)).every((row) => row.status === "DELIVERED")).toBe(true), { timeout: 10_000, interval: 100 });
    const rows = await deliveriesOf(owner.accountId);
    expect(rows.map((row) => [row.eventName, row.connector])).toEqual([
      ["PACKAGE_CREATE", ""],
      ["PACKAGE_CREATE", "dynamics2013"],
      ["PACKAGE_ACTIVATE", ""],
      ["DOCUMENT_SIGNED", "dynamics2013"],
      ["PACKAGE_COMPLETE", ""],
      ["PACKAGE_COMPLETE", "dynamics2013"],
    ]);
    expect(rows.find((row) => row.connector === "dynamics2013" && row.eventName === "PACKAGE_CREATE")!.attempts).toBe(3);

    // The delivery log names the connector; the main registration's deliveries have none.
    const listed = await callJson<{ results: { eventName: string; connector?: string; url: string; attempts: unknown[] }[] }>("GET", "/api/callback/deliveries", { key: owner.apiKey });
    const first = listed.results.find((delivery) => delivery.connector === "dynamics2013" && delivery.eventName === "PACKAGE_CREATE")!;
    expect(first).toMatchObject({ url: `${base}${connectorPath}` });
    expect(first.attempts).toHaveLength(3);
    expect(listed.results.filter((delivery) => delivery.connector === undefined)).toHaveLength(3);
  });

  it("a test event and a resend go to the connector; removing it cancels its pending deliveries, the main registration's go on", { timeout: 60_000 }, async () => {
    const owner = await seedAccount();
    const mainPath = uniquePath("main2");
    const connectorPath = uniquePath("sharepoint");
    await callJson("POST", "/api/callback", { key: owner.apiKey, json: { url: `${base}${mainPath}`, events: ["PACKAGE_TRASH"] } });
    await callJson("POST", "/api/callback/connectors/sharepoint2013", { key: owner.apiKey, json: { url: `${base}${connectorPath}`, key: "sp", events: ["PACKAGE_TRASH"] } });

    const test = await callJson<{ id: string; eventName: string; connector: string }>("POST", "/api/callback/connectors/sharepoint2013/test", { key: owner.apiKey, expect: 202 });
    expect(test).toMatchObject({ eventName: "CALLBACK_TEST", connector: "sharepoint2013", status: "PENDING" });
    await vi.waitFor(() => expect(receivedAt(connectorPath).map((entry) => entry.json.name)).toEqual(["CALLBACK_TEST"]), { timeout: 20_000, interval: 100 });
    expect(receivedAt(mainPath)).toHaveLength(0);
    const none = await call("POST", "/api/callback/connectors/nothing/test", { key: owner.apiKey });
    expect(none.status).toBe(409);
    expect(await none.json()).toMatchObject({ messageKey: "error.conflict.noCallbackConnector" });

    await vi.waitFor(async () => expect((await deliveriesOf(owner.accountId))[0]?.status).toBe("DELIVERED"), { timeout: 10_000, interval: 100 });
    expect((await call("POST", `/api/callback/deliveries/${test.id}/resend`, { key: owner.apiKey })).status).toBe(204);
    await vi.waitFor(() => expect(receivedAt(connectorPath)).toHaveLength(2), { timeout: 20_000, interval: 100 });
    expect(receivedAt(connectorPath)[1].authorization).toBe("Basic sp");

    // The connector's receiver goes down; its pending delivery is cancelled when it is removed.
    rules.set(connectorPath, () => 500);
    await recordEvents(owner, "pkg-removed", ["PACKAGE_TRASH"]);
    await vi.waitFor(() => expect(receivedAt(mainPath)).toHaveLength(1), { timeout: 20_000, interval: 100 });
    await vi.waitFor(() => expect(hits.get(connectorPath)).toBeGreaterThanOrEqual(3), { timeout: 20_000, interval: 100 });
    expect((await call("DELETE", "/api/callback/connectors/sharepoint2013", { key: owner.apiKey })).status).toBe(204);
    const rows = await deliveriesOf(owner.accountId);
    const trashed = rows.filter((row) => row.eventName === "PACKAGE_TRASH");
    expect(trashed.map((row) => [row.connector, row.status])).toEqual([
      ["", "DELIVERED"],
      ["sharepoint2013", "CANCELLED"],
    ]);
    expect(trashed[1].lastError).toBe("The callback connector sharepoint2013 was removed");
    // The stalled-delivery sweep finds nothing left of it.
    await requeueStalledDeliveries(new Date(), 0, { accountIds: [owner.accountId] });
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect((await deliveriesOf(owner.accountId)).filter((row) => row.status === "PENDING")).toHaveLength(0);
  });
});
