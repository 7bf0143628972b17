import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll } from "vitest";
import { closeDatabase } from "@/lib/db/client";
import { closePdfPool } from "@/lib/esign/pdf/pdf-pool";

/** Each test file gets its own data folder and secret; the database is chosen by the project. */
export function prepareTestEnvironment(databaseUrl: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "signet-test-"));
  process.env.DATA_DIR = dataDir;
  process.env.DATABASE_URL = databaseUrl;
  process.env.SIGNET_SECRET = "test-secret-not-for-production";
  afterAll(async () => {
    await closePdfPool();
    await closeDatabase();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
}
