import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "../support/test";
import { freePort, logEntries, type Server, startServer, stopServer, waitUntilAnswering } from "../support/servers";
import { ServiceClient } from "../support/service-client";

/**
 * The start's work after the database (lib/server-start.ts: the seal certificate, the job queue)
 * runs at the thread's idle moments, and a request being answered is no idle moment, even one that
 * leaves the thread idle while it waits: here an upload whose client sends its body slowly, as a
 * request waiting on the database does. Begun then, that work held the answer of a fresh instance's
 * first list pages (lib/idle-moment.ts).
 */

let dataDir: string;
let server: Server | undefined;
test.beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "signet-e2e-start-work-"));
});
test.afterAll(async () => {
  if (server) await stopServer(server);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A JSON body sent in `pieces` pieces, `gapMs` apart. */
function slowBody(json: string, pieces: number, gapMs: number): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(json);
  const size = Math.ceil(bytes.length / pieces);
  let sent = 0;
  return new ReadableStream({
    async pull(controller) {
      if (sent > 0) await new Promise((resolve) => setTimeout(resolve, gapMs));
      controller.enqueue(bytes.subarray(sent, sent + size));
      sent += size;
      if (sent >= bytes.length) controller.close();
    },
  });
}

test("the start's work waits while a request is answered, though the thread is idle meanwhile, and runs once it is", async () => {
  test.setTimeout(120_000);
  // A first start makes the data folder and an account; the start watched is the second, as a restart.
  server = startServer(dataDir, await freePort());
  await waitUntilAnswering(server);
  const owner = await ServiceClient.signUp(server.url, "Start work");
  await stopServer(server);

  server = startServer(dataDir, await freePort());
  await waitUntilAnswering(server);
  // About a second, well within the 3 s the start's steps wait for idle moments in all.
  const created = await fetch(`${server.url}/api/packages`, {
    method: "POST",
    headers: { authorization: `Basic ${owner.apiKey}`, "content-type": "application/json" },
    body: slowBody(JSON.stringify({ name: "Sent slowly", description: "x".repeat(2_000) }), 10, 100),
    duplex: "half",
  } as RequestInit);
  expect(created.status, await created.text()).toBe(200);
  const answeredAt = Date.now();

  const loggedAt = (message: string) => {
    const entry = logEntries<{ msg: string; time: string }>(server!).find((line) => line.msg === message);
    return entry ? Date.parse(entry.time) : undefined;
  };
  await expect.poll(() => loggedAt("job queue started"), { timeout: 30_000 }).toBeDefined();
  expect(loggedAt("seal certificate loaded")).toBeGreaterThanOrEqual(answeredAt);
  expect(loggedAt("job queue started")).toBeGreaterThanOrEqual(answeredAt);
});
