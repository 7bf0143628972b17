import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { and, asc, gt, inArray } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import { blobs } from "@/lib/db/schema";
import { FileBlobStore, PostgresBlobStore } from "./blob-store";
import type { S3BlobStore } from "./s3-blob-store";

/**
 * Moves blobs from the stores S3 replaces (the `blobs` table, DATA_DIR/blobs) into the bucket:
 * for each batch, every blob is copied, then read back from S3 and checked (length and SHA-256),
 * and only then are the batch's verified sources deleted. Idempotent and resumable: a blob already
 * in the bucket is verified and not copied again, and a run stopped anywhere leaves each blob in
 * its source, in S3, or in both, so the next run goes on from there. Run it after every instance
 * has S3 settings: until then an instance on the old store cannot read what was moved (instances
 * with S3 settings read a blob not yet moved from the old store).
 */
export interface BlobSource {
  /** For the log: "table blobs", "DATA_DIR/blobs". */
  name: string;
  /** Up to `limit` stored SHA-256s greater than `after`, in order. */
  list(after: string, limit: number): Promise<string[]>;
  read(sha256: string): Promise<Uint8Array | null>;
  remove(sha256s: string[]): Promise<void>;
}

export interface MigrationReport {
  /** Copied to S3 by this run, verified, and removed from their source. */
  moved: number;
  /** Found in S3 already (an earlier run stopped before removing the source), verified, removed from the source. */
  alreadyInS3: number;
  /** Left in their source, with the reason; the next run tries them again. */
  failed: { source: string; sha256: string; reason: string }[];
}

export interface MigrationOptions {
  target: S3BlobStore;
  sources: BlobSource[];
  /** Blobs per batch: sources are deleted a batch at a time, once the whole batch is verified. */
  batchSize?: number;
  /** Blobs copied at once within a batch. */
  parallel?: number;
  log?: (line: string) => void;
  /** Called after each batch's sources are deleted (tests stop a run here to resume it). */
  afterBatch?: (report: MigrationReport) => void | Promise<void>;
}

export async function migrateBlobsToS3({ target, sources, batchSize = 100, parallel = 4, log = () => {}, afterBatch }: MigrationOptions): Promise<MigrationReport> {
  const report: MigrationReport = { moved: 0, alreadyInS3: 0, failed: [] };
  for (const source of sources) {
    let after = "";
    for (;;) {
      const batch = await source.list(after, batchSize);
      if (batch.length === 0) break;
      after = batch.at(-1)!;
      const verified: string[] = [];
      for (let i = 0; i < batch.length; i += parallel) {
        await Promise.all(
          batch.slice(i, i + parallel).map(async (sha256) => {
            try {
              const outcome = await copyAndVerify(target, source, sha256);
              if (outcome === "gone") return; // deleted meanwhile (retention, say): nothing to move
              verified.push(sha256);
              if (outcome === "copied") report.moved++;
              else report.alreadyInS3++;
            } catch (error) {
              report.failed.push({ source: source.name, sha256, reason: (error as Error).message });
              log(`${source.name}: ${sha256} left in place: ${(error as Error).message}`);
            }
          }),
        );
      }
      await source.remove(verified);
      log(`${source.name}: ${report.moved + report.alreadyInS3} moved so far (${report.alreadyInS3} already in S3), ${report.failed.length} failed`);
      await afterBatch?.(report);
    }
  }
  return report;
}

async function copyAndVerify(target: S3BlobStore, source: BlobSource, sha256: string): Promise<"copied" | "present" | "gone"> {
  const bytes = await source.read(sha256);
  if (!bytes) return "gone";
  if (createHash("sha256").update(bytes).digest("hex") !== sha256) throw new Error("its content does not match its SHA-256 (damaged in the source)");
  const { created } = await target.put(bytes);
  const body = await target.stream(sha256);
  if (!body) throw new Error("not found in S3 after it was written");
  const hash = createHash("sha256");
  let length = 0;
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
    hash.update(chunk);
    length += chunk.byteLength;
  }
  if (length !== bytes.byteLength || hash.digest("hex") !== sha256) {
    throw new Error(`S3 answered ${length} bytes of another SHA-256 than the ${bytes.byteLength} written`);
  }
  return created ? "copied" : "present";
}

/** The `blobs` table of a PostgreSQL database; `only` limits it to some blobs (tests share one database). */
export function tableSource(db: Queryable, only?: string[]): BlobSource {
  return {
    name: "table blobs",
    list: async (after, limit) =>
      (
        await db
          .select({ sha256: blobs.sha256 })
          .from(blobs)
          .where(and(gt(blobs.sha256, after), only ? inArray(blobs.sha256, only) : undefined))
          .orderBy(asc(blobs.sha256))
          .limit(limit)
      ).map((row) => row.sha256),
    read: (sha256) => new PostgresBlobStore(db).get(sha256),
    remove: async (sha256s) => {
      if (sha256s.length > 0) await db.delete(blobs).where(inArray(blobs.sha256, sha256s));
    },
  };
}

/** The file store's folder (DATA_DIR/blobs): <2 hex>/<sha256> files; temporary files of unfinished writes are left alone. */
export function folderSource(root: string): BlobSource {
  const files = new FileBlobStore(root);
  const sorted = async (folder: string) => {
    try {
      return (await fs.readdir(folder)).sort();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
      throw error;
    }
  };
  return {
    name: root,
    list: async (after, limit) => {
      const found: string[] = [];
      for (const prefix of await sorted(root)) {
        if (!/^[0-9a-f]{2}$/.test(prefix) || prefix < after.slice(0, 2)) continue;
        for (const name of await sorted(path.join(root, prefix))) {
          if (!/^[0-9a-f]{64}$/.test(name) || name <= after || !name.startsWith(prefix)) continue;
          found.push(name);
          if (found.length === limit) return found;
        }
      }
      return found;
    },
    read: (sha256) => files.get(sha256),
    remove: async (sha256s) => {
      for (const sha256 of sha256s) await files.delete(sha256);
    },
  };
}
