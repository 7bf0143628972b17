import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "../support/test";
import { createThrowawayDatabase, freePort, type Server, sharedStorage, startServer, stopServer, waitUntilAnswering } from "../support/servers";

/**
 * Instances of a scale-out start together (a deployment, an autoscaler) on a database nobody has
 * set up yet: the schema, the job queue's included, is installed once, under one lock, and every
 * instance serves. Without the lock, pg-boss's concurrent install ended one in "deadlock detected".
 * Documents in the database, or in one S3 bucket with SIGNET_E2E_STORAGE=s3.
 */
test("four servers started at once on an empty PostgreSQL database all serve", async () => {
  test.setTimeout(240_000);
  const database = await createThrowawayDatabase();
  const storage = await sharedStorage();
  const folders = Array.from({ length: 4 }, () => fs.mkdtempSync(path.join(os.tmpdir(), "signet-e2e-together-")));
  const servers: Server[] = [];
  try {
    const shared = { DATABASE_URL: database.url, SIGNET_SECRET: "e2e-start-together-secret", ...storage.environment };
    for (const folder of folders) servers.push(startServer(folder, await freePort(), shared));
    await Promise.all(servers.map((server) => waitUntilAnswering(server, 120_000)));

    for (const server of servers) {
      const session = await fetch(`${server.url}/api/session`);
      expect(session.status, server.output()).toBe(401);
      // The server answers while it opens the database and starts its workers (lib/server-start.ts).
      await expect.poll(() => server.output(), { timeout: 120_000 }).toContain("job queue started");
      expect(server.output()).not.toContain("cannot start");
    }
    // One account made on one instance is seen by another: the one database, migrated once.
    const signup = await fetch(`${servers[0].url}/api/signup`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ accountName: "Together", email: "together@example.test", firstName: "To", lastName: "Gether", password: "start-together-1" }),
    });
    expect(signup.status).toBe(201);
    const { apiKey } = (await signup.json()) as { apiKey: string };
    const session = await fetch(`${servers[3].url}/api/session`, { headers: { authorization: `Basic ${apiKey}` } });
    expect(session.status).toBe(200);
  } finally {
    await Promise.all(servers.map((server) => stopServer(server)));
    await database.drop();
    await storage.stop();
    for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
  }
});
