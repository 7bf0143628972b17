import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "../support/test";
import { freePort, type Server, startServer, stopServer, waitUntilAnswering } from "../support/servers";

/**
 * A balancer checks an instance from its first moments: `GET /api/health` asked while the server
 * starts waits for the start's work (the job queue's workers) within the check's time-out, rather
 * than answer 503 "not started" for the second or so that work waits for the first requests.
 */

interface Health {
  status: string;
  checks: Record<string, { status: string; reason?: string }>;
}

let dataDir: string;
let server: Server | undefined;
test.beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "signet-e2e-health-at-start-"));
});
test.afterAll(async () => {
  if (server) await stopServer(server);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test("health checks asked from a start's first moment wait for its job queue, and none answers \"not started\"", async () => {
  test.setTimeout(120_000);
  // A first start makes the data folder; the start measured is the second, on existing data, as a restart.
  server = startServer(dataDir, await freePort());
  await waitUntilAnswering(server);
  await stopServer(server);

  server = startServer(dataDir, await freePort());
  const answers: { status: number; body: Health }[] = [];
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline && server.child.exitCode === null) {
    try {
      const response = await fetch(`${server.url}/api/health`, { signal: AbortSignal.timeout(5_000) });
      answers.push({ status: response.status, body: (await response.json()) as Health });
      if (response.status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
  expect(answers.at(-1)?.status, JSON.stringify(answers)).toBe(200);
  expect(answers.at(-1)?.body.checks.jobQueue.status).toBe("ok");
  const notStarted = answers.filter((answer) => Object.values(answer.body.checks).some((check) => check.reason === "not started"));
  expect(notStarted, JSON.stringify(notStarted)).toEqual([]);
});
