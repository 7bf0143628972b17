import { type ChildProcess, spawn } from "node:child_process";
import net from "node:net";
import path from "node:path";
import type { TestInfo } from "@playwright/test";
import { serverEnvironment } from "../../playwright.config";
import { startS3Server } from "../../tests/support/s3-server";

export { createThrowawayDatabase } from "../../tests/support/throwaway-database";

/** Signet servers (`next start` of the built app) that a test starts, stops or kills itself. */

const nextBin = path.join(process.cwd(), "node_modules", "next", "dist", "bin", "next");

export interface Server {
  child: ChildProcess;
  port: number;
  url: string;
  /** Everything it printed, stdout and stderr as they came. */
  output: () => string;
  /** What it printed on stdout: its log, a JSON object a line (pino), and Next.js's own lines. */
  stdout: () => string;
  exited: Promise<number | null>;
}

/**
 * For a test that failed: each server's whole output as an attachment of the test, and its last
 * lines on stderr, which the reporter prints with the failure (a CI log may be all that is kept).
 */
export async function attachOutputs(testInfo: TestInfo, servers: Record<string, Server | undefined>): Promise<void> {
  if (testInfo.status === testInfo.expectedStatus) return;
  for (const [name, server] of Object.entries(servers)) {
    if (!server) continue;
    await testInfo.attach(`${name} server output`, { body: server.output(), contentType: "text/plain" });
    console.error(`--- the last lines of the ${name} server's output:\n${server.output().split("\n").slice(-80).join("\n")}`);
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Node's own flags for the servers started here, from SERVER_NODE_ARGS (space-separated): to
 * look inside a benchmark's server, e.g. `SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof"`
 * (NODE_OPTIONS does not admit --cpu-prof).
 */
const serverNodeArgs = (process.env.SERVER_NODE_ARGS ?? "").split(" ").filter(Boolean);

/**
 * Starts the built app on `port` with `dataDir`, in its own process group so that it can be
 * stopped or killed whole; `environment` adds to (or overrides) the usual server settings.
 */
export function startServer(dataDir: string, port: number, environment: Record<string, string> = {}): Server {
  const child = spawn(process.execPath, [...serverNodeArgs, nextBin, "start", "-p", String(port)], {
    cwd: process.cwd(),
    env: { ...process.env, ...serverEnvironment(dataDir, port), ...environment },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let output = "";
  let stdout = "";
  // As text, so that a character split between two chunks is decoded whole.
  child.stdout!.setEncoding("utf8");
  child.stderr!.setEncoding("utf8");
  child.stdout!.on("data", (chunk: string) => {
    output += chunk;
    stdout += chunk;
  });
  child.stderr!.on("data", (chunk: string) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, port, url: `http://127.0.0.1:${port}`, output: () => output, stdout: () => stdout, exited };
}

/**
 * The server's log entries so far: each whole line of its stdout that is a JSON object. A line
 * still being written (or cut short by a kill) is not whole yet and is left out; a whole line that
 * starts like JSON but is not fails the test.
 */
export function logEntries<Entry = Record<string, unknown>>(server: Server): Entry[] {
  const stdout = server.stdout();
  return stdout
    .slice(0, stdout.lastIndexOf("\n") + 1)
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Entry);
}

function signalGroup(server: Server, signal: NodeJS.Signals): void {
  try {
    process.kill(-server.child.pid!, signal);
  } catch {
    // already gone
  }
}

const isRunning = (server: Server) => server.child.exitCode === null && server.child.signalCode === null;

/** SIGTERM (running jobs finish, the DATA_DIR lock is released), SIGKILL after 10 s. */
export async function stopServer(server: Server): Promise<void> {
  if (!isRunning(server)) return;
  signalGroup(server, "SIGTERM");
  const timer = setTimeout(() => signalGroup(server, "SIGKILL"), 10_000);
  await server.exited;
  clearTimeout(timer);
}

/** SIGKILL at once: no clean-up of any kind, as in a crash or an out-of-memory kill. */
export async function killServer(server: Server): Promise<void> {
  if (!isRunning(server)) return;
  signalGroup(server, "SIGKILL");
  await server.exited;
}

/**
 * Resolves with the status of the server's first answer to `answerPath` (asked with `headers`),
 * whatever it is, asking every `intervalMs`; fails at once if it exits, or after `timeoutMs`.
 */
export async function waitUntilAnswering(server: Server, timeoutMs = 45_000, intervalMs = 250, answerPath = "/api/session", headers: Record<string, string> = {}): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isRunning(server)) throw new Error(`The server exited (code ${server.child.exitCode}, signal ${server.child.signalCode}):\n${server.output()}`);
    try {
      const response = await fetch(`${server.url}${answerPath}`, { headers, signal: AbortSignal.timeout(5_000) });
      await response.arrayBuffer();
      return response.status;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  }
  throw new Error(`The server did not answer within ${timeoutMs} ms:\n${server.output()}`);
}

export function within<T>(promise: Promise<T>, ms: number, what: () => string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what()} (after ${ms} ms)`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Where the instances of a scale-out keep documents: the settings every instance is given. */
export interface SharedStorage {
  kind: "database" | "s3";
  environment: Record<string, string>;
  /** The bucket's object keys (S3); empty for the database. */
  objectKeys(): string[];
  stop(): Promise<void>;
}

/**
 * The database's `blobs` table (the default), or with SIGNET_E2E_STORAGE=s3 (or `kind` "s3") one
 * bucket of a real S3 server on loopback: the multi-instance specs run on either.
 */
export async function sharedStorage(kind = process.env.SIGNET_E2E_STORAGE === "s3" ? "s3" : "database"): Promise<SharedStorage> {
  if (kind !== "s3") return { kind: "database", environment: {}, objectKeys: () => [], stop: async () => {} };
  const server = await startS3Server("signet-e2e");
  return { kind: "s3", environment: server.environment, objectKeys: server.objectKeys, stop: server.stop };
}
