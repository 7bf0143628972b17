import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "../support/test";
import { freePort, logEntries, type Server, startServer, stopServer, within } from "../support/servers";

/**
 * A setting the service could not honour stops the start, with its name and what it must be,
 * instead of failing later in a job (RETENTION_DAYS=0.5 was accepted, then every seal failed on
 * "invalid input syntax for type integer"). One setting of each kind, on the built server.
 */

const refused: { setting: Record<string, string>; message: string }[] = [
  { setting: { RETENTION_DAYS: "0.5" }, message: 'Setting RETENTION_DAYS must be a whole number from 1 to 36500, got "0.5"' },
  { setting: { SWEEP_INTERVAL_SECONDS: "0" }, message: 'Setting SWEEP_INTERVAL_SECONDS must be a whole number from 1 to 3600, got "0"' },
  { setting: { MAX_FILE_MB: "ten" }, message: 'Setting MAX_FILE_MB must be a positive number, got "ten"' },
  { setting: { LOG_LEVEL: "loud" }, message: 'Setting LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "loud"' },
  { setting: { SIGNUP_ENABLED: "yes" }, message: 'Setting SIGNUP_ENABLED must be true or false, got "yes"' },
  { setting: { SMTP_URL: "http://mailer:secret@mail.example.com" }, message: 'Setting SMTP_URL must be a smtp or smtps URL, got "http://mailer:***@mail.example.com/"' },
];

const started: Server[] = [];
const folders: string[] = [];
test.afterEach(async () => {
  await Promise.all(started.splice(0).map(stopServer));
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

for (const { setting, message } of refused) {
  const [name] = Object.keys(setting);
  test(`the server refuses to start with ${name}=${Object.values(setting)[0]}, naming the setting`, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "signet-e2e-settings-"));
    folders.push(dataDir);
    const server = startServer(dataDir, await freePort(), setting);
    started.push(server);
    const code = await within(server.exited, 45_000, () => `The server did not exit. Its output:\n${server.output()}`);
    expect(code, server.output()).toBe(1);
    const fatal = logEntries<{ level: number; msg: string }>(server).filter((line) => line.level === 60);
    expect(fatal.map((line) => line.msg)).toEqual([`cannot start: ${message}`]);
    expect(server.output()).not.toContain("secret@");
  });
}

// Read in one of the start's steps after the database (lib/server-start.ts), while the server already answers.
test("the server stops with the seal certificate's setting named when SEAL_P12_PATH cannot be read", async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "signet-e2e-settings-"));
  folders.push(dataDir);
  const missing = path.join(dataDir, "no-such-seal.p12");
  const server = startServer(dataDir, await freePort(), { SEAL_P12_PATH: missing, SEAL_P12_PASSPHRASE: "unused" });
  started.push(server);
  const code = await within(server.exited, 90_000, () => `The server did not exit. Its output:\n${server.output()}`);
  expect(code, server.output()).toBe(1);
  const fatal = logEntries<{ level: number; msg: string }>(server).filter((line) => line.level === 60);
  expect(fatal.map((line) => line.msg)).toEqual([
    `cannot start: SEAL_P12_PATH is set to ${missing}, but that file cannot be read (ENOENT). ` +
      "Point SEAL_P12_PATH at the PKCS#12 (.p12 or .pfx) file of the seal certificate, or unset it to use a generated one.",
  ]);
  expect(server.output()).toContain("documents stored");
  expect(server.output()).not.toContain("job queue started");
});
