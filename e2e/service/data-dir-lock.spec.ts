import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { serverEnvironment } from "../../playwright.config";

/**
 * The embedded database (PGlite) allows one process per data folder. A second server on the
 * folder of the running one must refuse to start, with a clear message, while a second server on
 * a folder of its own starts as usual.
 */

const nextBin = path.join(process.cwd(), "node_modules", "next", "dist", "bin", "next");

interface Server {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

const started: Server[] = [];

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** `next start` of the built app, in its own process group so that it can be stopped whole. */
function startServer(dataDir: string, port: number): Server {
  const child = spawn(process.execPath, [nextBin, "start", "-p", String(port)], {
    cwd: process.cwd(),
    env: { ...process.env, ...serverEnvironment(dataDir, port) },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const server = { child, output: () => output, exited };
  started.push(server);
  return server;
}

async function stopServer(server: Server): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-server.child.pid!, signal);
    } catch {
      // already gone
    }
  };
  signalGroup("SIGTERM");
  const timer = setTimeout(() => signalGroup("SIGKILL"), 10_000);
  await server.exited;
  clearTimeout(timer);
}

function within<T>(promise: Promise<T>, ms: number, what: () => string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what()} (after ${ms} ms)`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
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
