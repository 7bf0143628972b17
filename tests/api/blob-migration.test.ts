import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { config } from "@/lib/config";
import { database } from "@/lib/db/client";
import { blobChunks, blobs } from "@/lib/db/schema";
import { databaseBlobStore, sha256Hex } from "@/lib/esign/storage/blob-store";
import { folderSource, migrateBlobsToS3, tableSource, type BlobSource } from "@/lib/esign/storage/migrate-to-s3";
import { s3BlobStore } from "@/lib/esign/storage/s3-blob-store";
import { call } from "../support/api-client";
import { createPackageWithFiles, packagePayload } from "../support/packages";
import { makePdf } from "../support/pdfs";
import { startS3Server, type S3TestServer } from "../support/s3-server";
import { createThrowawayDatabase } from "../support/throwaway-database";
import { seedAccount } from "../support/seed";

/**
 * Moving documents from the database's store (the `blobs` table on PostgreSQL, DATA_DIR/blobs on
 * PGlite) to S3: `npm run blobs:migrate-to-s3` and the function behind it, against a real S3 server.
 */

let server: S3TestServer;
beforeAll(async () => {
  server = await startS3Server();
});
afterAll(async () => {
  for (const name of Object.keys(server.environment)) delete process.env[name];
  await server.stop();
});

const objectKey = (sha256: string) => `blobs/${sha256.slice(0, 2)}/${sha256}`;

async function original(apiKey: string, packageId: string): Promise<Buffer> {
  const response = await call("GET", `/api/packages/${packageId}/documents/doc1/original`, { key: apiKey });
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

describe("moving the database's store to S3", () => {
  it("copies, verifies, then deletes each batch; a stopped run resumes; a damaged blob stays; a second run moves nothing", async () => {
    delete process.env.S3_BUCKET; // documents first go to the database's own store
    const { kind, db } = await database();
    const account = await seedAccount();
    const pdfs = [await makePdf({ pages: 1, padToBytes: 1000 }), await makePdf({ pages: 2, padToBytes: 2000 })];
    const packageIds = [await createPackageWithFiles(account.apiKey, packagePayload(), pdfs[0]), await createPackageWithFiles(account.apiKey, packagePayload(), pdfs[1])];
    const local = await databaseBlobStore();
    const loose = Array.from({ length: 5 }, () => randomBytes(3000 + Math.floor(Math.random() * 1000)));
    for (const bytes of loose) await local.put(bytes);
    const good = [...pdfs, ...loose].map(sha256Hex);
    for (const sha256 of good) expect(await local.size(sha256)).not.toBeNull();

    // Damaged in the source: content that is not what its name says.
    const damaged = sha256Hex(randomBytes(16));
    if (kind === "postgres") {
      await db.insert(blobs).values({ sha256: damaged, size: 5 });
      await db.insert(blobChunks).values({ sha256: damaged, index: 0, content: Buffer.from("wrong") });
    } else {
      fs.mkdirSync(path.join(config().dataDir, "blobs", damaged.slice(0, 2)), { recursive: true });
      fs.writeFileSync(path.join(config().dataDir, "blobs", damaged.slice(0, 2), damaged), "wrong");
    }
    const ours = [...good, damaged];

    // Every instance gets the S3 settings; an earlier run had copied one blob without deleting its source.
    Object.assign(process.env, server.environment);
    const target = s3BlobStore(config().s3!);
    await target.put(loose[0]);
    // Before the migration, documents read through to the old store.
    expect(await original(account.apiKey, packageIds[0])).toEqual(pdfs[0]);

    // The consent document's bytes are in every package of the shared database: only this test's blobs move here.
    const source: BlobSource = kind === "postgres" ? tableSource(db, ours) : folderSource(path.join(config().dataDir, "blobs"));
    const inSource = async () => (await Promise.all(ours.map(async (sha256) => ((await source.read(sha256)) ? sha256 : null)))).filter(Boolean);
    const inBucket = () => ours.filter((sha256) => server.objectKeys().includes(objectKey(sha256)));

    const listed = await source.list("", 1_000); // on PGlite, each package's consent document too
    await expect(
      migrateBlobsToS3({
        target,
        sources: [source],
        batchSize: 3,
        afterBatch: () => {
          throw new Error("stopped after the first batch");
        },
      }),
    ).rejects.toThrow("stopped after the first batch");
    // The first batch (the three first in order) went, but for the damaged blob; the rest waits in the source.
    const firstBatch = listed.slice(0, 3).filter((sha256) => sha256 !== damaged);
    expect(await source.list("", 1_000)).toEqual(listed.filter((sha256) => !firstBatch.includes(sha256)));
    for (const sha256 of firstBatch) expect(server.objectKeys()).toContain(objectKey(sha256));
    // Whatever moved or not, every document reads the same.
    for (const [i, id] of packageIds.entries()) expect(await original(account.apiKey, id)).toEqual(pdfs[i]);

    const lines: string[] = [];
    const report = await migrateBlobsToS3({ target, sources: [source], batchSize: 3, log: (line) => lines.push(line) });
    expect(report.failed).toEqual([{ source: source.name, sha256: damaged, reason: expect.stringContaining("does not match its SHA-256") }]);
    expect(await inSource()).toEqual([damaged]);
    expect(inBucket().sort()).toEqual([...good].sort());
    for (const bytes of [...pdfs, ...loose]) expect(await target.get(sha256Hex(bytes))).toEqual(bytes);
    expect(await source.list("", 1_000)).toEqual([damaged]);
    expect(lines.at(-1)).toMatch(/moved so far/);
    for (const [i, id] of packageIds.entries()) expect(await original(account.apiKey, id)).toEqual(pdfs[i]);

    const again = await migrateBlobsToS3({ target, sources: [source], batchSize: 3 });
    expect(again).toMatchObject({ moved: 0, alreadyInS3: 0, failed: [{ sha256: damaged }] });
  });
});

describe.runIf(process.env.DATABASE_URL?.startsWith("postgres"))("npm run blobs:migrate-to-s3", () => {
  it("moves the blobs table and DATA_DIR/blobs of a deployment to the bucket, and says so", { timeout: 90_000 }, async () => {
    // A deployment of its own: a database with a blobs table and a data folder with a file store.
    const deployment = await createThrowawayDatabase("signet_migrate");
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "signet-migrate-"));
    // One client, whose end() resolves once its connection is closed: a pool's end() resolves
    // before, and the drop below then cut the connection still open, which threw in the pool.
    const client = new pg.Client({ connectionString: deployment.url });
    await client.connect();
    try {
      // The tables as the service's migrations leave them (0032: the bytes in pieces of blob_chunks).
      await client.query("create table blobs (sha256 text primary key, size integer not null, created timestamptz not null default now())");
      await client.query("create table blob_chunks (sha256 text not null references blobs on delete cascade, index integer not null, content bytea not null, primary key (sha256, index))");
      const rows = Array.from({ length: 3 }, () => randomBytes(2048));
      for (const bytes of rows) {
        await client.query("insert into blobs (sha256, size) values ($1, $2)", [sha256Hex(bytes), bytes.length]);
        await client.query("insert into blob_chunks (sha256, index, content) values ($1, 0, $2)", [sha256Hex(bytes), bytes]);
      }
      const file = randomBytes(4096);
      fs.mkdirSync(path.join(dataDir, "blobs", sha256Hex(file).slice(0, 2)), { recursive: true });
      fs.writeFileSync(path.join(dataDir, "blobs", sha256Hex(file).slice(0, 2), sha256Hex(file)), file);

      const { stdout } = await promisify(execFile)(process.execPath, [path.join("node_modules", "tsx", "dist", "cli.mjs"), "scripts/migrate-blobs-to-s3.ts"], {
        env: { ...process.env, ...server.environment, DATABASE_URL: deployment.url, DATA_DIR: dataDir },
      });
      expect(stdout).toContain("Done: 4 moved, 0 were in S3 already, 0 left in place.");
      expect((await client.query("select count(*)::int as n from blobs")).rows[0].n).toBe(0);
      expect(fs.existsSync(path.join(dataDir, "blobs", sha256Hex(file).slice(0, 2), sha256Hex(file)))).toBe(false);
      for (const bytes of [...rows, file]) expect(server.objectKeys()).toContain(objectKey(sha256Hex(bytes)));
    } finally {
      await client.end();
      await deployment.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
