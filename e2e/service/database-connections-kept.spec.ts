import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "../support/test";
import pg from "pg";
import { createThrowawayDatabase, freePort, startServer, stopServer, waitUntilAnswering } from "../support/servers";
import { ServiceClient } from "../support/service-client";

/**
 * The running server keeps its database connections between requests: a new connection's first
 * queries run on a backend whose caches and plans are cold (a list asked every 12 s took 97 ms
 * instead of 35 while pg closed connections idle for 10 s). Past DATABASE_POOL_IDLE_SECONDS the
 * pool closes the connections a burst opened, down to the three it always keeps, and the next
 * requests are answered on those same backends.
 */

test("the server keeps three connections through idle time, closes the rest after DATABASE_POOL_IDLE_SECONDS, and answers on the kept ones", async () => {
  test.setTimeout(120_000);
  const database = await createThrowawayDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "signet-e2e-connections-"));
  const server = startServer(dataDir, await freePort(), { DATABASE_URL: database.url, SIGNET_SECRET: "e2e-connections-secret", DATABASE_POOL_IDLE_SECONDS: "2" });
  const admin = new pg.Client({ connectionString: database.url });
  try {
    await waitUntilAnswering(server, 90_000);
    await admin.connect();
    const backends = async () =>
      (
        await admin.query<{ pid: number }>("select pid from pg_stat_activity where datname = current_database() and application_name = 'signet' order by pid")
      ).rows.map((row) => row.pid);

    const owner = await ServiceClient.signUp(server.url, "Kept connections");
    const list = async () => {
      const response = await owner.call("GET", "/api/packages?from=1&to=10");
      expect(response.status).toBe(200);
      await response.arrayBuffer();
    };
    // A burst opens more connections than the pool keeps.
    await Promise.all(Array.from({ length: 8 }, list));
    expect((await backends()).length).toBeGreaterThan(3);

    // Past the idle time (2 s; pg's own default would be 10 s), three are left, and they stay.
    await expect.poll(async () => (await backends()).length, { timeout: 8_000, intervals: [250] }).toBe(3);
    const kept = await backends();
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    expect(await backends()).toEqual(kept);

    // Requests one after another are answered on the kept backends: no new one is opened. (Each
    // looks its caller up on one connection; the seal watch, every 5 s, may take a second.)
    for (let i = 0; i < 5; i++) {
      const response = await owner.call("GET", "/api/session");
      expect(response.status).toBe(200);
      await response.arrayBuffer();
    }
    expect(await backends()).toEqual(kept);
  } finally {
    await admin.end().catch(() => {});
    await stopServer(server);
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
