import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "../support/test";
import { CallbackReceiver } from "../support/callback-receiver";
import { createThrowawayDatabase, freePort, killServer, type Server, sharedStorage, startServer, stopServer, waitUntilAnswering } from "../support/servers";

/**
 * Callbacks are written with the change that raises them and delivered afterwards by the job
 * queue: a server killed in between delivers them once it runs again, and several servers on one
 * PostgreSQL database deliver each exactly once, in order per package.
 */

const CALLBACK_SETTINGS = {
  CALLBACK_ALLOW_PRIVATE: "true",
  CALLBACK_HTTP_HOSTS: "127.0.0.1",
  CALLBACK_CONNECT_TIMEOUT_SECONDS: "1",
  CALLBACK_RESPONSE_TIMEOUT_SECONDS: "5",
};

interface DeliveryList {
  results: { id: string; eventName: string; packageId?: string; status: string; attempts: { statusCode?: number }[] }[];
  count: number;
}

const started: Server[] = [];
const folders: string[] = [];
const receiver = new CallbackReceiver();
let hookUrl = "";

test.beforeAll(async () => {
  hookUrl = await receiver.start();
});
test.afterAll(async () => {
  await receiver.close();
});
test.afterEach(async () => {
  await Promise.all(started.splice(0).map(stopServer));
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

function dataFolder(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "signet-e2e-callbacks-"));
  folders.push(folder);
  return folder;
}

async function launch(dataDir: string, environment: Record<string, string> = {}): Promise<Server> {
  const server = startServer(dataDir, await freePort(), { ...CALLBACK_SETTINGS, ...environment });
  started.push(server);
  await waitUntilAnswering(server);
  return server;
}

async function api<T>(server: Server, method: string, apiPath: string, key: string | null, body?: unknown): Promise<T> {
  const response = await fetch(`${server.url}${apiPath}`, {
    method,
    headers: { ...(key ? { authorization: `Basic ${key}` } : {}), ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${apiPath} answered ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

async function signUp(server: Server, name: string): Promise<string> {
  const email = `${name}-${Date.now()}@example.test`;
  const account = await api<{ apiKey: string }>(server, "POST", "/api/signup", null, {
    accountName: name,
    email,
    firstName: "Ada",
    lastName: "Lovelace",
    password: "a-good-passw0rd",
  });
  return account.apiKey;
}

async function allDeliveries(server: Server, key: string): Promise<DeliveryList["results"]> {
  const results: DeliveryList["results"] = [];
  for (let from = 1; ; from += 100) {
    const page = await api<DeliveryList>(server, "GET", `/api/callback/deliveries?from=${from}&to=${from + 99}`, key);
    results.push(...page.results);
    if (results.length >= page.count || page.results.length === 0) return results;
  }
}

test("a server killed with SIGKILL between the commit and the delivery delivers after it starts again", async () => {
  test.setTimeout(150_000);
  const dataDir = dataFolder();
  const first = await launch(dataDir);
  const key = await signUp(first, "Killed");
  await api(first, "POST", "/api/callback", key, { url: hookUrl, events: ["PACKAGE_CREATE"] });

  // The receiver hangs: the delivery is in flight, neither delivered nor recorded as failed.
  receiver.hold = true;
  const { id: packageId } = await api<{ id: string }>(first, "POST", "/api/packages", key, { name: "Survives a crash" });
  const forPackage = () => receiver.received.filter((callback) => callback.body.packageId === packageId);
  await expect.poll(() => forPackage().length, { timeout: 30_000 }).toBe(1);
  await killServer(first);
  expect(first.child.signalCode).toBe("SIGKILL");

  receiver.hold = false;
  const second = await launch(dataDir);
  await expect
    .poll(async () => (await allDeliveries(second, key)).map((delivery) => delivery.status), { timeout: 60_000, intervals: [500] })
    .toEqual(["DELIVERED"]);

  // Sent again with the same delivery id and body (the receiver may drop the repeat); the attempt the kill cut short left no record.
  const [interrupted, delivered] = forPackage();
  expect(forPackage()).toHaveLength(2);
  expect(delivered.deliveryId).toBe(interrupted.deliveryId);
  expect(delivered.body).toEqual(interrupted.body);
  expect(delivered.body).toMatchObject({ name: "PACKAGE_CREATE", packageId });
  const [delivery] = await allDeliveries(second, key);
  expect(delivery.id).toBe(delivered.deliveryId);
  expect(delivery.attempts.map((attempt) => attempt.statusCode)).toEqual([200]);
});

test("two servers on one PostgreSQL database deliver 500 events exactly once, in order per package", async () => {
  test.setTimeout(240_000);
  const database = await createThrowawayDatabase();
  const storage = await sharedStorage(); // the database's, or one S3 bucket with SIGNET_E2E_STORAGE=s3
  try {
    const shared = { DATABASE_URL: database.url, SIGNET_SECRET: "e2e-two-instances-secret", ...storage.environment };
    const servers = [await launch(dataFolder(), shared), await launch(dataFolder(), shared)];
    const key = await signUp(servers[0], "Twins");
    await api(servers[1], "POST", "/api/callback", key, { url: hookUrl, events: ["PACKAGE_CREATE", "PACKAGE_TRASH", "PACKAGE_RESTORE"] });

    // 50 packages × 10 events (created, then trashed and restored in turn), each request on the other server than the one before.
    const expectedNames = ["PACKAGE_CREATE", ...Array.from({ length: 9 }, (_, index) => (index % 2 === 0 ? "PACKAGE_TRASH" : "PACKAGE_RESTORE"))];
    const packageIds: string[] = [];
    const makePackage = async (index: number) => {
      const { id } = await api<{ id: string }>(servers[index % 2], "POST", "/api/packages", key, { name: `Twin ${index}` });
      packageIds.push(id);
      for (let change = 1; change < expectedNames.length; change++) {
        await api(servers[(index + change) % 2], "PUT", `/api/packages/${id}`, key, { trashed: change % 2 === 1 });
      }
    };
    for (let batch = 0; batch < 50; batch += 10) await Promise.all(Array.from({ length: 10 }, (_, offset) => makePackage(batch + offset)));

    const ours = () => receiver.received.filter((callback) => packageIds.includes(String(callback.body.packageId)));
    await expect.poll(() => ours().length, { timeout: 120_000, intervals: [500] }).toBeGreaterThanOrEqual(500);
    await new Promise((resolve) => setTimeout(resolve, 2_000)); // time for a duplicate to show up
    const callbacks = ours();
    expect(callbacks).toHaveLength(500);
    expect(new Set(callbacks.map((callback) => callback.deliveryId)).size).toBe(500);
    for (const packageId of packageIds) {
      const names = callbacks.filter((callback) => callback.body.packageId === packageId).map((callback) => callback.body.name);
      expect(names, packageId).toEqual(expectedNames);
    }
    const deliveries = await allDeliveries(servers[0], key);
    expect(deliveries).toHaveLength(500);
    expect(deliveries.every((delivery) => delivery.status === "DELIVERED" && delivery.attempts.length === 1)).toBe(true);
  } finally {
    await Promise.all(started.splice(0).map(stopServer));
    await database.drop();
    await storage.stop();
  }
});
