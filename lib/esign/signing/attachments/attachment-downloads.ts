import { eq } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import { roles } from "@/lib/db/schema";
import { safeFileName, type DownloadFile, type SizedDownloadFile } from "@/lib/esign/downloads/document-file";
import { storedFilesZip } from "@/lib/esign/downloads/zip-download";
import { gone } from "@/lib/esign/errors";
import type { BlobStore } from "@/lib/esign/storage/blob-store";
import { attachmentNotFound, type AttachmentFileRow } from "./requirement-files";
import { requirementsOf, type AttachmentRequirement } from "./requirements";

/** What the sender's attachment downloads share: finding a requirement in a package, files and zips of files. */

type RoleRow = typeof roles.$inferSelect;

/** The requirement of this id in the package (ids are unique within a package) and the role that has it; 404 otherwise. */
export async function findPackageRequirement(db: Queryable, packageId: string, attachmentId: string): Promise<{ role: RoleRow; requirement: AttachmentRequirement }> {
  for (const role of await db.select().from(roles).where(eq(roles.packageId, packageId))) {
    const requirement = requirementsOf(role).find((candidate) => candidate.id === attachmentId);
    if (requirement) return { role, requirement };
  }
  throw attachmentNotFound(attachmentId);
}

function attachmentPurged(file: AttachmentFileRow) {
  return gone("error.gone.attachmentPurged", `The attachment file "${file.name}" is no longer stored.`);
}

/** An uploaded file, streamed from the store; 410 once retention removed it. */
export async function attachmentFileDownload(store: BlobStore, file: AttachmentFileRow): Promise<SizedDownloadFile> {
  const size = file.blobSha256 ? await store.size(file.blobSha256) : null;
  const body = file.blobSha256 && size !== null ? await store.stream(file.blobSha256) : null;
  if (size === null || !body) throw attachmentPurged(file);
  return { fileName: safeFileName(file.name, file.id), contentType: file.contentType, body, size };
}

/** Files as one zip, each at its path and dated when it was uploaded (see storedFilesZip). */
export async function attachmentsZip(store: BlobStore, entries: { path: string; file: AttachmentFileRow }[], zipName: string): Promise<DownloadFile> {
  return storedFilesZip(
    store,
    `${safeFileName(zipName, "attachments")}.zip`,
    entries.map(({ path, file }) => ({ name: path, date: file.uploaded, sha256: file.blobSha256, missing: () => attachmentPurged(file) })),
  );
}

/** A zip entry's path: folders from the names given, the file's own name last. */
export function entryPath(folders: string[], file: AttachmentFileRow): string {
  return [...folders.map((folder) => safeFileName(folder, "_")), safeFileName(file.name, file.id)].join("/");
}
