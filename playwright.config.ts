import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "./e2e/support/chromium";

/**
 * End-to-end tests against the BUILT application (`npm run build` first): `next start` on a free
 * port with its own fresh DATA_DIR, driven with Debian's Chromium (Playwright's own browser
 * download is not available on these machines).
 *
 * Playwright loads this file in the runner and again in every worker. The port and the data
 * folder are chosen once, in the runner, and handed to the workers (which inherit the runner's
 * environment) through SIGNET_E2E_PORT and SIGNET_E2E_DATA_DIR; tests read them from there.
 */

/** A port nobody listens on now; synchronous because a Playwright config cannot await. */
function freePort(): number {
  const script =
    "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})";
  return Number(execFileSync(process.execPath, ["-e", script], { encoding: "utf8" }));
}

if (!process.env.SIGNET_E2E_DATA_DIR) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "signet-e2e-"));
  process.env.SIGNET_E2E_DATA_DIR = dataDir;
  process.env.SIGNET_E2E_PORT = String(freePort());
  // Runs after the web server is stopped (Playwright stops it before the runner exits).
  process.on("exit", () => fs.rmSync(dataDir, { recursive: true, force: true }));
}

const port = Number(process.env.SIGNET_E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;

/**
 * The environment of a Signet server started by the tests: the caller's environment without the
 * settings that would point it elsewhere (a PostgreSQL DATABASE_URL would defeat the data-folder
 * lock these tests check).
 */
export function serverEnvironment(dataDir: string, serverPort: number): Record<string, string> {
  return {
    DATA_DIR: dataDir,
    PORT: String(serverPort),
    DATABASE_URL: "",
    SIGNUP_ENABLED: "true",
    PUBLIC_URL: `http://127.0.0.1:${serverPort}`,
    NEXT_TELEMETRY_DISABLED: "1",
    NODE_ENV: "production",
    // Browsers and tests reach the server on loopback directly: no proxy may speak for them.
    TRUSTED_PROXIES: "none",
  };
}

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results",
  // One worker: the journeys are bound by Chromium's rendering on two cores, and two workers
  // measured no faster (2026-11-28), while the longest journeys ran past their time limit.
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  // A journey takes 40 to 60 s on a quiet machine and half as long again on a busy one: the limit
  // only catches a hang (each step has its own 10 s), so it leaves room for a slow machine.
  timeout: 180_000,
  expect: { timeout: 10_000 },
  // `list` for people; a JSON report too when scripts/test.sh asks for one (for its summary line).
  reporter: process.env.SIGNET_PLAYWRIGHT_JSON
    ? [["list"], ["json", { outputFile: process.env.SIGNET_PLAYWRIGHT_JSON }]]
    : [["list"]],
  use: {
    baseURL,
    browserName: "chromium",
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
    // Recording a trace made every journey a third slower (sub accounts: 45 s against 30 s), for
    // a file nobody opens when it passes: rerun a failing one with `--trace retain-on-failure`.
    trace: "off",
    screenshot: "only-on-failure",
  },
  projects: [{ name: "chromium" }],
  webServer: {
    command: `npx next start -p ${port}`,
    url: `${baseURL}/`,
    // Its output is piped into the report: warnings and errors only, not a line per request.
    env: { ...serverEnvironment(process.env.SIGNET_E2E_DATA_DIR!, port), LOG_LEVEL: process.env.LOG_LEVEL || "warn" },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "pipe",
    stderr: "pipe",
    // SIGTERM lets the server release its DATA_DIR lock; Playwright kills it after 10 s otherwise.
    gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
  },
});
