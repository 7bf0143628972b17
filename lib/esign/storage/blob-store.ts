import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { and, eq, sql } from "drizzle-orm";
import { config, type S3Settings } from "@/lib/config";
import { database, type Queryable } from "@/lib/db/client";
import { blobChunks, blobs } from "@/lib/db/schema";
import { shareBlobLock } from "./blob-locks";

/**
 * Document bytes, addressed by their SHA-256. With S3 settings they are objects of the bucket
 * (s3-blob-store.ts), whatever the database. Otherwise the filesystem backend keeps them under
 * DATA_DIR/blobs for the embedded database; with a PostgreSQL server they live in the `blobs`
 * and `blob_chunks` tables so that every instance sees them, and are written in the caller's
 * transaction.
 */
export interface BlobStore {
  /**
   * True when writes and deletes are rows of the database, part of the caller's transaction (the
   * `blobs` table). False for stores outside it (files, S3): a rolled-back write leaves an
   * unreferenced blob, and deletes wait for the commit (blob-references.ts).
   */
  readonly transactional: boolean;
  /**
   * Stores the bytes and answers their SHA-256. `tx` is the transaction that will refer to them:
   * the write is part of it where the backend can; outside the database the blob's lock is held
   * in it (blob-locks.ts) so that no deleter removes the bytes before the reference commits.
   * `known.sha256`, when the caller has it already (an upload hashed as it arrived), is not
   * computed again; `known.fresh` says the bytes are most likely new (an upload stored ahead of its
   * transaction, looked at after the commit): a store that pays a request to look first (S3)
   * writes them without looking, and answers them created.
   */
  put(bytes: Uint8Array, tx?: Queryable, known?: KnownBytes): Promise<{ sha256: string; created: boolean }>;
  get(sha256: string): Promise<Buffer | null>;
  /**
   * The bytes as a web stream, for downloads; null when the blob is not stored (never was, or
   * purged). With a range, only bytes `start` to `end` (both included, within the blob).
   */
  stream(sha256: string, range?: { start: number; end: number }): Promise<ReadableStream<Uint8Array> | null>;
  /** The size in bytes, or null when the blob is not stored. */
  size(sha256: string): Promise<number | null>;
  delete(sha256: string): Promise<void>;
  /** Throws unless the store can be read and written now (GET /api/health); gives up when `signal` aborts, where the backend can. */
  check(signal?: AbortSignal): Promise<void>;
}

/** What a caller of `put` may know of the bytes already. */
export interface KnownBytes {
  sha256?: string;
  fresh?: boolean;
}

export function sha256Hex(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

export class FileBlobStore implements BlobStore {
  readonly transactional = false;
  constructor(private readonly root: string) {}

  private pathOf(sha256: string): string {
    if (!/^[0-9a-f]{64}$/.test(sha256)) throw new Error(`Not a SHA-256: ${sha256}`);
    return path.join(this.root, sha256.slice(0, 2), sha256);
  }

  async put(bytes: Uint8Array, tx?: Queryable, known?: KnownBytes): Promise<{ sha256: string; created: boolean }> {
    const sha256 = known?.sha256 ?? sha256Hex(bytes);
    if (tx) await shareBlobLock(tx, sha256);
    const target = this.pathOf(sha256);
    try {
      await fs.access(target);
      return { sha256, created: false };
    } catch {
      // not there yet
    }
    await fs.mkdir(path.dirname(target), { recursive: true });
    // Unique per write: concurrent puts of the same bytes must not share a temporary file.
    const temporary = `${target}.${randomBytes(8).toString("hex")}.tmp`;
    await fs.writeFile(temporary, bytes);
    await fs.rename(temporary, target); // atomic: readers never see half a file
    return { sha256, created: true };
  }

  async get(sha256: string): Promise<Buffer | null> {
    try {
      return await fs.readFile(this.pathOf(sha256));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
  }

  async stream(sha256: string, range?: { start: number; end: number }): Promise<ReadableStream<Uint8Array> | null> {
    let file: fs.FileHandle;
    try {
      // Opened before streaming so that a missing blob is a null here, not an error mid-response.
      file = await fs.open(this.pathOf(sha256), "r");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
    return Readable.toWeb(file.createReadStream(range ? { start: range.start, end: range.end } : {})) as ReadableStream<Uint8Array>;
  }

  async size(sha256: string): Promise<number | null> {
    try {
      return (await fs.stat(this.pathOf(sha256))).size;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
  }

  async delete(sha256: string): Promise<void> {
    await fs.rm(this.pathOf(sha256), { force: true });
  }

  /** The folder, or before the first document creates it the folder it will be made in, can be read and written. */
  async check(): Promise<void> {
    try {
      await fs.access(this.root, fs.constants.R_OK | fs.constants.W_OK);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      await fs.access(path.dirname(this.root), fs.constants.R_OK | fs.constants.W_OK);
    }
  }
}

/** The size of the pieces of `blob_chunks`; the stored pieces are cut at it, so it cannot change without moving them. */
export const BLOB_CHUNK_BYTES = 1024 * 1024;
/** What one row of a read carries: 16 KiB, 32 KiB in hex, within one 64 KiB socket read. */
const ROW_BYTES = 16 * 1024;

/**
 * Blobs in the database: a `blobs` row (SHA-256, size) and the bytes in 1 MiB pieces of
 * `blob_chunks`, written in the caller's transaction. Reads go a piece at a time, so a download
 * holds about two pieces, whatever the document's size.
 */
export class PostgresBlobStore implements BlobStore {
  readonly transactional = true;
  constructor(private readonly db: Queryable) {}

  async put(bytes: Uint8Array, tx?: Queryable, known?: KnownBytes): Promise<{ sha256: string; created: boolean }> {
    const sha256 = known?.sha256 ?? sha256Hex(bytes);
    const db = tx ?? this.db;
    const inserted = await db.insert(blobs).values({ sha256, size: bytes.byteLength }).onConflictDoNothing().returning({ sha256: blobs.sha256 });
    if (inserted.length === 0) return { sha256, created: false };
    const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength); // no copy
    for (let index = 0; index * BLOB_CHUNK_BYTES < bytes.byteLength; index++) {
      await db.insert(blobChunks).values({ sha256, index, content: view.subarray(index * BLOB_CHUNK_BYTES, (index + 1) * BLOB_CHUNK_BYTES) });
    }
    return { sha256, created: true };
  }

  /** The whole blob, for the PDF jobs: read piece by piece into one buffer of its size. */
  async get(sha256: string): Promise<Buffer | null> {
    const size = await this.size(sha256);
    if (size === null) return null;
    const whole = Buffer.allocUnsafe(size);
    let at = 0;
    for (let index = 0; index * BLOB_CHUNK_BYTES < size; index++) {
      for (const slice of await this.piece(sha256, index, 0, Math.min(BLOB_CHUNK_BYTES, size - index * BLOB_CHUNK_BYTES))) {
        whole.set(slice, at);
        at += slice.byteLength;
      }
    }
    return whole;
  }

  /** Each pull reads the next piece (the part of it within the range); the stream asks for one piece ahead of what was sent. */
  async stream(sha256: string, range?: { start: number; end: number }): Promise<ReadableStream<Uint8Array> | null> {
    const size = await this.size(sha256);
    if (size === null) return null;
    const end = range ? range.end : size - 1;
    let at = range ? range.start : 0;
    const read = (from: number) => {
      const index = Math.floor(from / BLOB_CHUNK_BYTES);
      const pieceStart = index * BLOB_CHUNK_BYTES;
      return this.piece(sha256, index, from - pieceStart, Math.min(BLOB_CHUNK_BYTES, end + 1 - pieceStart));
    };
    return new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (at > end) return controller.close();
        for (const slice of await read(at)) {
          at += slice.byteLength;
          controller.enqueue(new Uint8Array(slice.buffer, slice.byteOffset, slice.byteLength));
        }
      },
    });
  }

  /**
   * Bytes `from` (included) to `to` (excluded) of piece `index`, cut by the database into rows of
   * ROW_BYTES: a row of the wire protocol then fits in a socket read and the driver parses it
   * where it arrived, instead of growing a buffer to a 1 MiB row (2 MiB in hex) and copying it
   * there, which left several times the bytes sent as garbage for the collector.
   */
  private async piece(sha256: string, index: number, from: number, to: number): Promise<Buffer[]> {
    const rows = await this.db
      .select({ content: sql<Buffer>`substring(${blobChunks.content} from slice.at + 1 for least(${ROW_BYTES}::int, ${to}::int - slice.at))`.mapWith(blobChunks.content) })
      .from(sql`${blobChunks}, generate_series(${from}::int, ${to - 1}::int, ${ROW_BYTES}::int) as slice(at)`)
      .where(and(eq(blobChunks.sha256, sha256), eq(blobChunks.index, index)))
      .orderBy(sql`slice.at`);
    if (rows.length === 0) throw new Error(`Blob ${sha256} has no piece ${index}: it was deleted while being read`);
    return rows.map((row) => row.content);
  }

  async size(sha256: string): Promise<number | null> {
    const [row] = await this.db.select({ size: blobs.size }).from(blobs).where(eq(blobs.sha256, sha256));
    return row ? row.size : null;
  }

  /** Its pieces go with it (on delete cascade). */
  async delete(sha256: string): Promise<void> {
    await this.db.delete(blobs).where(eq(blobs.sha256, sha256));
  }

  async check(): Promise<void> {
    await this.db.execute(sql`select 1 from ${blobs} limit 1`);
  }
}

/**
 * A new store in front of the one it replaces (S3 after files or the `blobs` table): writes go to
 * the new one; a blob it does not have is read from the old one, so documents stay readable while
 * `npm run blobs:migrate-to-s3` moves them; deletes remove both copies. A miss costs one more
 * look-up, in the old store, which is empty once migrated.
 */
export class FallbackBlobStore implements BlobStore {
  readonly transactional: boolean;
  constructor(
    readonly primary: BlobStore,
    readonly previous: BlobStore,
  ) {
    this.transactional = primary.transactional;
  }

  put(bytes: Uint8Array, tx?: Queryable, known?: KnownBytes): Promise<{ sha256: string; created: boolean }> {
    return this.primary.put(bytes, tx, known);
  }

  async get(sha256: string): Promise<Buffer | null> {
    return (await this.primary.get(sha256)) ?? this.previous.get(sha256);
  }

  async stream(sha256: string, range?: { start: number; end: number }): Promise<ReadableStream<Uint8Array> | null> {
    return (await this.primary.stream(sha256, range)) ?? this.previous.stream(sha256, range);
  }

  async size(sha256: string): Promise<number | null> {
    return (await this.primary.size(sha256)) ?? this.previous.size(sha256);
  }

  async delete(sha256: string): Promise<void> {
    await this.primary.delete(sha256);
    await this.previous.delete(sha256);
  }

  /** Both: documents not yet moved are still read from the previous store. */
  async check(signal?: AbortSignal): Promise<void> {
    await Promise.all([this.primary.check(signal), this.previous.check(signal)]);
  }
}

/** The store of the database's own kind: files in DATA_DIR/blobs with PGlite, the `blobs` table with PostgreSQL. */
export async function databaseBlobStore(): Promise<BlobStore> {
  const { db, kind } = await database();
  if (kind === "postgres") return new PostgresBlobStore(db);
  return new FileBlobStore(path.join(config().dataDir, "blobs"));
}

/** The store of this configuration: S3 when S3_BUCKET is set (reading through to the database's store), else the database's. */
export async function blobStore(): Promise<BlobStore> {
  const local = await databaseBlobStore();
  const { s3 } = config();
  return s3 ? new FallbackBlobStore(await s3Store(s3), local) : local;
}

/** Where documents go, for the start-up log; with S3, first checks that the bucket can be read (throws otherwise). */
export async function describeBlobStore(): Promise<string> {
  const { s3 } = config();
  if (s3) {
    await (await s3Store(s3)).check();
    return `in S3 bucket ${s3.bucket} (${s3.endpoint || `region ${s3.region}`}, keys ${s3.prefix}ab/<sha256>)`;
  }
  const { kind } = await database();
  return kind === "postgres" ? "in the database (table blobs)" : `in ${path.join(config().dataDir, "blobs")}`;
}

/** The S3 store; the AWS SDK loads only where S3 is set. */
async function s3Store(settings: S3Settings): Promise<BlobStore> {
  const { s3BlobStore } = await import("./s3-blob-store");
  return s3BlobStore(settings);
}
