import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DataDirLockedError, lockDataDir } from "./data-dir-lock";

const children: ChildProcess[] = [];
const folders: string[] = [];

function folder(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "signet-lock-"));
  folders.push(dir);
  return dir;
}

/** Another process that holds the folder as a Signet server does: listening on its socket. */
async function holder(dataDir: string): Promise<ChildProcess> {
  const socketPath = path.join(dataDir, "signet.sock");
  const child = spawn(process.execPath, ["-e", `require("net").createServer(c => c.destroy()).listen(${JSON.stringify(socketPath)}, () => console.log("listening"))`]);
  children.push(child);
  await new Promise<void>((resolve) => child.stdout!.once("data", () => resolve()));
  fs.writeFileSync(path.join(dataDir, "signet.lock"), String(child.pid));
  return child;
}

afterEach(() => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
  for (const dir of folders.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe("lockDataDir", () => {
  it("refuses a folder whose holder is alive, naming its PID", async () => {
    const dir = folder();
    const child = await holder(dir);
    await expect(lockDataDir(dir)).rejects.toThrow(DataDirLockedError);
    await expect(lockDataDir(dir)).rejects.toThrow(`PID ${child.pid}`);
  });

  it("takes over the folder of a holder killed with SIGKILL, whose socket file stayed", async () => {
    const dir = folder();
    const child = await holder(dir);
    child.kill("SIGKILL");
    await new Promise((resolve) => child.once("exit", resolve));
    expect(fs.existsSync(path.join(dir, "signet.sock"))).toBe(true);
    const release = await lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, "signet.lock"), "utf8")).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, "signet.lock"))).toBe(false);
  });

  it("takes over a lock whose PID now belongs to another, living process", async () => {
    const dir = folder();
    // After a restart, the dead holder's PID was given to something else (here, a sleeping process).
    const unrelated = spawn("sleep", ["30"]);
    children.push(unrelated);
    fs.writeFileSync(path.join(dir, "signet.lock"), String(unrelated.pid));
    const release = await lockDataDir(dir);
    release();
  });

  it("refuses a live holder even when signet.lock names this process's own PID (PID 1 in two containers)", async () => {
    const dir = folder();
    await holder(dir);
    fs.writeFileSync(path.join(dir, "signet.lock"), String(process.pid));
    await expect(lockDataDir(dir)).rejects.toThrow(DataDirLockedError);
  });

  it("lets the holder itself lock again, and a second taker in after the release", async () => {
    const dir = folder();
    const release = await lockDataDir(dir);
    await expect(lockDataDir(dir)).resolves.toBeTypeOf("function");
    release();
    const again = await lockDataDir(dir);
    again();
  });
});
