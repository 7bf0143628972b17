import path from "node:path";
import { config } from "@/lib/config";
import type { Database, Queryable } from "@/lib/db/client";
import { type BlobStore, FallbackBlobStore, FileBlobStore, PostgresBlobStore } from "@/lib/esign/storage/blob-store";
import { s3BlobStore } from "@/lib/esign/storage/s3-blob-store";

/**
 * The document store the service uses with these settings (blob-store.ts `blobStore`), reading
 * the `blobs` table through `queryable`: a backup reads it in the snapshot of its rows.
 */
export function instanceDocumentStore(database: Database, queryable: Queryable = database.db): BlobStore {
  const local = database.kind === "postgres" ? new PostgresBlobStore(queryable) : new FileBlobStore(path.join(config().dataDir, "blobs"));
  const { s3 } = config();
  return s3 ? new FallbackBlobStore(s3BlobStore(s3), local) : local;
}

/** Where the instance is, for the commands' messages (no password). */
export function describeInstance(database: Database): string {
  if (database.kind === "pglite") return `the embedded database in ${config().dataDir}`;
  const url = new URL(database.url);
  if (url.password) url.password = "***";
  return url.toString();
}
