import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "../support/test";
import { freePort, type Server, startServer as startServerProcess, stopServer, within } from "../support/servers";

/**
 * The embedded database (PGlite) allows one process per data folder. A second server on the
 * folder of the running one must refuse to start, with a clear message, while a second server on
 * a folder of its own starts as usual.
 */

const started: Server[] = [];

function startServer(dataDir: string, port: number): Server {
  const server = startServerProcess(dataDir, port);
  started.push(server);
  return server;
}

test.afterEach(async () => {
  await Promise.all(started.splice(0).map(stopServer));
});

test("a second server on the same DATA_DIR refuses to start with a clear message", async () => {
  const sharedDataDir = process.env.SIGNET_E2E_DATA_DIR!;
  expect(fs.existsSync(path.join(sharedDataDir, "signet.lock"))).toBe(true);

  const second = startServer(sharedDataDir, await freePort());
  const code = await within(second.exited, 45_000, () => `The second server did not exit. Its output:\n${second.output()}`);
  expect(code, second.output()).not.toBe(0);
  expect(second.output()).toContain("is in use by another Signet process");

  // The running server keeps its lock and keeps answering.
  expect(fs.existsSync(path.join(sharedDataDir, "signet.lock"))).toBe(true);
});

test("a second server on a DATA_DIR of its own starts", async ({ request }) => {
  const ownDataDir = fs.mkdtempSync(path.join(os.tmpdir(), "signet-e2e-second-"));
  const port = await freePort();
  const second = startServer(ownDataDir, port);
  let exitCode: number | null | undefined;
  void second.exited.then((code) => (exitCode = code));
  try {
    await expect
      .poll(
        async () => {
          if (exitCode !== undefined) throw new Error(`The second server exited with ${exitCode}:\n${second.output()}`);
          try {
            const response = await request.get(`http://127.0.0.1:${port}/api/session`, { timeout: 5_000 });
            return response.status();
          } catch {
            return "not answering";
          }
        },
        { timeout: 45_000, intervals: [250, 500, 1_000] },
      )
      .toBe(401);
    expect(fs.existsSync(path.join(ownDataDir, "signet.lock"))).toBe(true);
  } finally {
    await stopServer(second);
    fs.rmSync(ownDataDir, { recursive: true, force: true });
  }
});
