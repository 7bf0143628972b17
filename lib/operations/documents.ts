import type { BlobStore } from "@/lib/esign/storage/blob-store";
import { sha256Hex } from "@/lib/esign/storage/blob-store";

export interface DocumentCopyReport {
  /** Written to the target by this run, read back and checked. */
  copied: number;
  /** In the target already (an earlier run, or a store both sides share, such as one S3 bucket). */
  present: number;
  /** Referred to by the database but in neither store, or damaged in the source: the copy is not complete. */
  failed: { sha256: string; reason: string }[];
}

/**
 * Copies the documents `shas` (content-addressed blobs) from one store to another: each is
 * checked against its SHA-256 when read, written, then read back from the target and checked
 * again. One already in the target is left alone, so a run stopped anywhere goes on where it was.
 */
export async function copyDocuments(shas: string[], from: BlobStore, to: BlobStore, log: (line: string) => void = () => {}): Promise<DocumentCopyReport> {
  const report: DocumentCopyReport = { copied: 0, present: 0, failed: [] };
  for (const [i, sha256] of shas.entries()) {
    try {
      if ((await to.size(sha256)) !== null) report.present++;
      else {
        await copyOne(sha256, from, to);
        report.copied++;
      }
    } catch (error) {
      report.failed.push({ sha256, reason: (error as Error).message });
      log(`document ${sha256}: ${(error as Error).message}`);
    }
    if ((i + 1) % 100 === 0 || i === shas.length - 1) log(`documents: ${i + 1} of ${shas.length} (${report.copied} copied, ${report.present} there already, ${report.failed.length} failed)`);
  }
  return report;
}

async function copyOne(sha256: string, from: BlobStore, to: BlobStore): Promise<void> {
  const bytes = await from.get(sha256);
  if (!bytes) throw new Error("not found in the source's document store");
  if (sha256Hex(bytes) !== sha256) throw new Error("its content does not match its SHA-256 (damaged in the source)");
  await to.put(bytes);
  const written = await to.get(sha256);
  if (!written || sha256Hex(written) !== sha256) throw new Error("the copy read back is not the document written");
}
