import fs from "node:fs";
import net from "node:net";
import path from "node:path";

/**
 * PGlite is one process only and takes no lock of its own: two processes on one data folder lose
 * data silently. Before opening it we take the folder: a Unix socket `signet.sock` in it that we
 * listen on for as long as we run. Binding it is atomic (a second bind fails), and whether its
 * holder is alive is asked of the holder itself: a connection is accepted only while it runs, and
 * the kernel closes the socket when it dies, however it dies. A PID would not tell: after a kill -9
 * or a restart of the container, the old PID may belong to another, living process.
 * `signet.lock` keeps the holder's PID, for the message.
 */
export class DataDirLockedError extends Error {}

/** Sockets are in the filesystem only under this length (sun_path); past it, the PID alone tells. */
const MAX_SOCKET_PATH = 100;

/** The folders this process holds: a PID in `signet.lock` cannot tell (in containers, every process may be PID 1). */
const held = ((globalThis as { [key: symbol]: Set<string> })[Symbol.for("signet.heldDataDirs")] ??= new Set<string>());

/**
 * Whether a process listens on the socket. Only "refused" and "no such socket" mean nobody does:
 * any other failure (no permission, a full backlog) is taken as a live holder, never removed.
 */
function answers(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const connection = net.connect(socketPath);
    connection.once("connect", () => {
      connection.destroy();
      resolve(true);
    });
    connection.once("error", (error: NodeJS.ErrnoException) => resolve(error.code !== "ECONNREFUSED" && error.code !== "ENOENT"));
  });
}

/**
 * Removes a socket nobody answers, under `signet.takeover` (created exclusively), so that two
 * processes starting at once on a crashed holder's folder cannot each remove the other's new
 * socket. A takeover file older than a minute was left by a process that died in these few lines.
 */
async function removeStaleSocket(socketPath: string, takeoverPath: string): Promise<void> {
  try {
    fs.writeFileSync(takeoverPath, String(process.pid), { flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    const takeover = fs.statSync(takeoverPath, { throwIfNoEntry: false });
    if (takeover && Date.now() - takeover.mtimeMs > 60_000) fs.rmSync(takeoverPath, { force: true });
    await new Promise((resolve) => setTimeout(resolve, 100)); // another process is taking over: look again
    return;
  }
  try {
    if (!(await answers(socketPath))) fs.rmSync(socketPath, { force: true });
  } finally {
    fs.rmSync(takeoverPath, { force: true });
  }
}

function listen(socketPath: string): Promise<net.Server | "in use"> {
  return new Promise((resolve, reject) => {
    const server = net.createServer((connection) => connection.destroy());
    server.once("error", (error: NodeJS.ErrnoException) => (error.code === "EADDRINUSE" ? resolve("in use") : reject(error)));
    server.listen(socketPath, () => {
      server.unref(); // holding the folder must not keep the process alive
      resolve(server);
    });
  });
}

function processIsRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function lockedError(dataDir: string, lockPath: string): DataDirLockedError {
  const holder = fs.existsSync(lockPath) ? fs.readFileSync(lockPath, "utf8").trim() : "unknown";
  return new DataDirLockedError(
    `The data folder ${dataDir} is in use by another Signet process (PID ${holder}). ` +
      `The embedded database allows one process only: stop that process, or give this one ` +
      `its own DATA_DIR, or use a PostgreSQL server with DATABASE_URL.`,
  );
}

/** Takes the data folder for this process; answers the function that gives it back. */
export async function lockDataDir(dataDir: string): Promise<() => void> {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, "signet.lock");
  const socketPath = path.join(dataDir, "signet.sock");
  const folder = fs.realpathSync(dataDir);
  if (held.has(folder)) return () => {};
  if (socketPath.length > MAX_SOCKET_PATH) return lockByPid(dataDir, lockPath, folder);

  for (let attempt = 0; attempt < 5; attempt++) {
    const server = await listen(socketPath);
    if (server !== "in use") {
      held.add(folder);
      fs.writeFileSync(lockPath, String(process.pid));
      const release = () => {
        server.close();
        fs.rmSync(lockPath, { force: true });
        held.delete(folder);
      };
      process.once("exit", release);
      return release;
    }
    if (await answers(socketPath)) throw lockedError(dataDir, lockPath);
    // A socket left by a process that died: nobody answers it.
    await removeStaleSocket(socketPath, path.join(dataDir, "signet.takeover"));
  }
  throw lockedError(dataDir, lockPath);
}

/** The fallback for a folder whose path is too long for a socket: the PID in `signet.lock`. */
function lockByPid(dataDir: string, lockPath: string, folder: string): () => void {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: "wx" });
      held.add(folder);
      const release = () => {
        held.delete(folder);
        try {
          if (fs.readFileSync(lockPath, "utf8") === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {
          // already gone
        }
      };
      process.once("exit", release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = Number(fs.readFileSync(lockPath, "utf8").trim());
      if (Number.isInteger(holder) && holder > 0 && processIsRunning(holder)) throw lockedError(dataDir, lockPath);
      fs.unlinkSync(lockPath); // stale: its process is gone
    }
  }
  throw new DataDirLockedError(`Could not lock the data folder ${dataDir}.`);
}
