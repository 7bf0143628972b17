import fs from "node:fs";
import path from "node:path";

/**
 * PGlite is one process only and takes no lock of its own: two processes on one data folder lose
 * data silently. Before opening it we take an exclusive lock file holding our PID; a lock whose
 * process no longer runs is stale and taken over.
 */
export class DataDirLockedError extends Error {}

function processIsRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, "signet.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: "wx" });
      const release = () => {
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
      if (holder === process.pid) return () => {};
      if (Number.isInteger(holder) && holder > 0 && processIsRunning(holder)) {
        throw new DataDirLockedError(
          `The data folder ${dataDir} is in use by another Signet process (PID ${holder}). ` +
            `The embedded database allows one process only: stop that process, or give this one ` +
            `its own DATA_DIR, or use a PostgreSQL server with DATABASE_URL.`,
        );
      }
      fs.unlinkSync(lockPath); // stale: its process is gone
    }
  }
  throw new DataDirLockedError(`Could not lock the data folder ${dataDir}.`);
}
