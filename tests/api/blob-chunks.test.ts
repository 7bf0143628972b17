import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { database, getDb } from "@/lib/db/client";
import * as schema from "@/lib/db/schema";
import { BLOB_CHUNK_BYTES, PostgresBlobStore, sha256Hex } from "@/lib/esign/storage/blob-store";
import { createThrowawayDatabase } from "../support/throwaway-database";

/** Documents in PostgreSQL (issue 32, item 1): in 1 MiB pieces of blob_chunks, read a part at a time. */

async function readAll(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  for await (const part of stream as unknown as AsyncIterable<Uint8Array>) parts.push(part);
  return Buffer.concat(parts);
}

/** Reads of the whole blob and of ranges at and across the pieces' edges answer exactly those bytes. */
async function expectReadsOf(store: PostgresBlobStore, bytes: Buffer): Promise<void> {
  const sha256 = sha256Hex(bytes);
  expect(await store.size(sha256)).toBe(bytes.length);
  expect((await store.get(sha256))!.equals(bytes)).toBe(true);
  expect((await readAll((await store.stream(sha256))!)).equals(bytes)).toBe(true);
  const last = bytes.length - 1;
  const ranges = [
    [0, 0],
    [BLOB_CHUNK_BYTES - 10, BLOB_CHUNK_BYTES + 10],
    [BLOB_CHUNK_BYTES, BLOB_CHUNK_BYTES],
    [BLOB_CHUNK_BYTES - 1, 2 * BLOB_CHUNK_BYTES],
    [16 * 1024 - 3, 16 * 1024 + 3],
    [2 * BLOB_CHUNK_BYTES + 5, last],
    [last, last],
  ];
  for (const [start, end] of ranges) {
    const part = await readAll((await store.stream(sha256, { start: start!, end: end! }))!);
    expect(part.equals(bytes.subarray(start!, end! + 1)), `bytes ${start}-${end}`).toBe(true);
  }
}

describe("the blobs of PostgreSQL", () => {
  it("are stored in 1 MiB pieces and read back whole and by ranges, in the caller's transaction", async () => {
    const db = await getDb();
    const store = new PostgresBlobStore(db);
    const bytes = randomBytes(2 * BLOB_CHUNK_BYTES + 300_000);
    await db.transaction(async (tx) => {
      expect(await new PostgresBlobStore(tx).put(bytes, tx)).toEqual({ sha256: sha256Hex(bytes), created: true });
    });
    const pieces = await db.select().from(schema.blobChunks).where(eq(schema.blobChunks.sha256, sha256Hex(bytes)));
    expect(pieces.map((piece) => piece.content.length).sort((a, b) => b - a)).toEqual([BLOB_CHUNK_BYTES, BLOB_CHUNK_BYTES, 300_000]);
    expect(await store.put(bytes)).toEqual({ sha256: sha256Hex(bytes), created: false });
    await expectReadsOf(store, bytes);

    const empty = Buffer.alloc(0);
    await store.put(empty);
    expect((await store.get(sha256Hex(empty)))!.length).toBe(0);
    expect((await readAll((await store.stream(sha256Hex(empty)))!)).length).toBe(0);

    await store.delete(sha256Hex(bytes));
    expect(await store.stream(sha256Hex(bytes))).toBeNull();
    expect(await db.select().from(schema.blobChunks).where(eq(schema.blobChunks.sha256, sha256Hex(bytes)))).toEqual([]);
  });

  it("are kept as they come, without PostgreSQL's compression (a PDF's streams are compressed already)", async () => {
    const db = await getDb();
    // Bytes pglz would shrink to almost nothing: stored compressed, their size in the row would show it.
    const bytes = Buffer.from("1 0 obj << /Type /Page /MediaBox [0 0 612 792] >> endobj\n".repeat(20_000)).subarray(0, BLOB_CHUNK_BYTES);
    await new PostgresBlobStore(db).put(bytes);
    const { rows } = await (await database()).executeSql(
      "select pg_column_size(content) as stored, pg_column_compression(content) as compression from blob_chunks where sha256 = $1",
      [sha256Hex(bytes)],
    );
    expect(rows).toEqual([{ stored: BLOB_CHUNK_BYTES, compression: null }]);
  });

  it("stored whole before migration 0032 are moved into pieces by it, byte for byte", { timeout: 60_000 }, async () => {
    const deployment = await createThrowawayDatabase("signet_chunks");
    const before = fs.mkdtempSync(path.join(os.tmpdir(), "signet-migrations-"));
    // One client, whose end() resolves once its connection is closed: a pool's end() resolves
    // before, and the drop below then cut the connection still open, which threw in the pool.
    const client = new pg.Client({ connectionString: deployment.url });
    await client.connect();
    try {
      // The migrations up to 0031, as a database of the previous version has them.
      const folder = path.join(process.cwd(), "drizzle");
      fs.cpSync(folder, before, { recursive: true });
      const journal = JSON.parse(fs.readFileSync(path.join(folder, "meta", "_journal.json"), "utf8")) as { entries: { idx: number }[] };
      journal.entries = journal.entries.filter((entry) => entry.idx < 32);
      fs.writeFileSync(path.join(before, "meta", "_journal.json"), JSON.stringify(journal));
      const db = drizzle(client, { schema, casing: "snake_case" });
      await migrate(db, { migrationsFolder: before });

      const large = randomBytes(2 * BLOB_CHUNK_BYTES + 12_345);
      const exact = randomBytes(BLOB_CHUNK_BYTES);
      const empty = Buffer.alloc(0);
      for (const bytes of [large, exact, empty]) {
        await client.query("insert into blobs (sha256, size, content) values ($1, $2, $3)", [sha256Hex(bytes), bytes.length, bytes]);
      }

      await migrate(db, { migrationsFolder: folder });
      const store = new PostgresBlobStore(db);
      await expectReadsOf(store, large);
      expect((await store.get(sha256Hex(exact)))!.equals(exact)).toBe(true);
      expect((await store.get(sha256Hex(empty)))!.length).toBe(0);
      const columns = await client.query("select column_name from information_schema.columns where table_name = 'blobs' order by column_name");
      expect(columns.rows.map((row) => row.column_name)).toEqual(["created", "sha256", "size"]);
    } finally {
      await client.end();
      await deployment.drop();
      fs.rmSync(before, { recursive: true, force: true });
    }
  });
});
