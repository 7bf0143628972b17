import fs from "node:fs";
import path from "node:path";
import { afterAll, expect } from "vitest";
import { database } from "@/lib/db/client";
import { blobs } from "@/lib/db/schema";
import { prepareTestEnvironment } from "./environment";
import { startS3Server } from "./s3-server";

/**
 * The "s3" project: API tests of the features that store documents, on an in-memory PGlite with
 * documents in a real S3 server (s3rver on loopback, one per test file). After the file's tests,
 * every blob they stored must be an object of the bucket, none a file of DATA_DIR/blobs or a row
 * of the `blobs` table.
 */
const server = await startS3Server();
afterAll(() => server.stop()); // after the database is closed (after-hooks run last first)
Object.assign(process.env, server.environment);
prepareTestEnvironment("memory://");

afterAll(async () => {
  expect(server.objectKeys().length, "objects in the S3 bucket").toBeGreaterThan(0);
  expect(server.objectKeys().every((key) => /^blobs\/[0-9a-f]{2}\/[0-9a-f]{64}$/.test(key))).toBe(true);
  const folder = path.join(process.env.DATA_DIR!, "blobs");
  expect(fs.existsSync(folder) ? fs.readdirSync(folder) : [], "files in DATA_DIR/blobs").toEqual([]);
  expect(await (await database()).db.select({ sha256: blobs.sha256 }).from(blobs), "rows of the blobs table").toEqual([]);
});
