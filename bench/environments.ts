import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { closeDatabase } from "@/lib/db/client";

/**
 * The two databases the benchmarks run on. The app reads DATABASE_URL and DATA_DIR at first use
 * and keeps the connection on globalThis, so switching is: set the environment, run, close.
 */
export type DatabaseKind = "pglite" | "postgres";

const cleanups: (() => Promise<void>)[] = [];
const log = (message: string) => process.stderr.write(`[bench] ${message}\n`);

/** Embedded PGlite in a fresh temporary DATA_DIR (DATABASE_URL empty), removed afterwards. */
export async function withPglite(run: () => Promise<void>): Promise<void> {
  const dataDir = temporaryDataDir();
  process.env.DATABASE_URL = "";
  try {
    await run();
  } finally {
    await closeDatabase();
    removeDataDir(dataDir);
  }
}

/**
 * `run` on embedded PGlite in a DATA_DIR of its own, inside a suite that goes on afterwards on its
 * own DATA_DIR and database (both set again, the connection closed on the way in and out).
 */
export async function withOwnPglite(run: () => Promise<void>): Promise<void> {
  const suite = { dataDir: process.env.DATA_DIR, databaseUrl: process.env.DATABASE_URL };
  await closeDatabase();
  try {
    await withPglite(run);
  } finally {
    process.env.DATA_DIR = suite.dataDir;
    process.env.DATABASE_URL = suite.databaseUrl;
  }
}

/** A fresh DATA_DIR, also removed by runCleanups if the run is interrupted. */
function temporaryDataDir(): string {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "signet-bench-"));
  process.env.DATA_DIR = dataDir;
  cleanups.push(async () => removeDataDir(dataDir));
  return dataDir;
}

function removeDataDir(dataDir: string): void {
  fs.rmSync(dataDir, { recursive: true, force: true });
}

/**
 * A throwaway database `signet_bench_<random>` on the server at TEST_DATABASE_URL (default the
 * local server), dropped afterwards: on success, on failure, and on SIGINT/SIGTERM.
 */
export async function withPostgres(run: () => Promise<void>): Promise<void> {
  const serverUrl = process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
  const name = `signet_bench_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  let dropped = false;
  const drop = async () => {
    if (dropped) return;
    dropped = true;
    await closeDatabase().catch(() => {});
    const cleanup = new pg.Client({ connectionString: serverUrl });
    await cleanup.connect();
    try {
      // The pool's connections take a moment to go after pool.end(): wait for them rather than
      // force them out (a forced-out idle connection raises an unhandled error in the pool).
      for (let attempt = 0; ; attempt++) {
        try {
          await cleanup.query(`drop database if exists ${name}`);
          break;
        } catch (error) {
          if ((error as { code?: string }).code !== "55006" || attempt >= 20) {
            await cleanup.query(`drop database if exists ${name} with (force)`);
            break;
          }
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
    } finally {
      await cleanup.end();
    }
  };
  cleanups.push(drop);

  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const dataDir = temporaryDataDir();
  process.env.DATABASE_URL = url.toString();
  try {
    await run();
  } finally {
    await drop();
    removeDataDir(dataDir);
  }
}

export const ENVIRONMENTS = [
  ["pglite", withPglite],
  ["postgres", withPostgres],
] as const;

/** Drops whatever database is still there (normally nothing: each environment drops its own). */
export async function runCleanups(): Promise<void> {
  for (const cleanup of cleanups.splice(0).reverse()) {
    await cleanup().catch((error: unknown) => log(`cleanup failed: ${String(error)}`));
  }
}

/** Runs `main`, cleans up even on errors and signals, and exits with its code (1 on a throw). */
export function runMain(main: () => Promise<number>): void {
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      log(`${signal}: dropping the bench database`);
      void runCleanups().finally(() => process.exit(130));
    });
  }
  main()
    .then(async (code) => {
      await runCleanups();
      process.exit(code);
    })
    .catch(async (error: unknown) => {
      log(`failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      await runCleanups();
      process.exit(1);
    });
}
