import { Readable } from "node:stream";
import type { ReadableStream as NodeWebReadableStream } from "node:stream/web";
import type { BlobStore } from "@/lib/esign/storage/blob-store";
import type { DownloadFile } from "./document-file";

/** One file of a zip: its path in the archive, its date, and its bytes, read only when the archive reaches it. */
export interface ZipEntry {
  name: string;
  date: Date;
  chunks: AsyncIterable<Uint8Array>;
}

/**
 * Entries as one zip, streamed while it is built: one entry in memory at a time. Callers check
 * first that every entry is stored: once the zip streams, a failure can only cut it short.
 */
export async function zipDownload(fileName: string, entries: ZipEntry[]): Promise<DownloadFile> {
  // archiver loads with the first zip, not with every route that may send one.
  const { default: archiver } = await import("archiver");
  const archive = archiver("zip");
  archive.on("error", (error) => archive.destroy(error));
  const names = uniqueNames(entries.map((entry) => entry.name));
  entries.forEach((entry, i) => archive.append(Readable.from(entry.chunks), { name: names[i], date: entry.date }));
  // Resolves only once the zip has been read to the end; errors reach the reader through the stream.
  archive.finalize().catch(() => {});
  return { fileName, contentType: "application/zip", body: Readable.toWeb(archive) as ReadableStream<Uint8Array> };
}

/** A stored file to zip: its path and date, its blob (null once retention removed it), and the error when it is not stored. */
export interface StoredZipEntry {
  name: string;
  date: Date;
  sha256: string | null;
  missing: () => Error;
}

/**
 * Stored files as one zip, streamed while it is built. Every file is checked to be stored before
 * the first byte goes out: once the zip streams, a failure could only cut it short.
 */
export async function storedFilesZip(store: BlobStore, fileName: string, entries: StoredZipEntry[]): Promise<DownloadFile> {
  for (const entry of entries) {
    if (!entry.sha256 || (await store.size(entry.sha256)) === null) throw entry.missing();
  }
  return zipDownload(
    fileName,
    entries.map((entry) => ({ name: entry.name, date: entry.date, chunks: blobChunks(store, entry) })),
  );
}

async function* blobChunks(store: BlobStore, entry: StoredZipEntry): AsyncGenerator<Uint8Array> {
  const body = entry.sha256 ? await store.stream(entry.sha256) : null;
  if (!body) throw entry.missing();
  yield* Readable.fromWeb(body as NodeWebReadableStream<Uint8Array>);
}

/** Two entries may share a name; zip entries may not (and Windows ignores case): " (2)" goes before the extension. */
function uniqueNames(names: string[]): string[] {
  const taken = new Set<string>();
  return names.map((name) => {
    let candidate = name;
    for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = name.replace(/(\.[^./]*)?$/, (extension) => ` (${n})${extension}`);
    taken.add(candidate.toLowerCase());
    return candidate;
  });
}
