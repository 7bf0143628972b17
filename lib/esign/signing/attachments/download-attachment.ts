import type { Db } from "@/lib/db/client";
import type { Caller } from "@/lib/esign/accounts/caller";
import type { DownloadFile, SizedDownloadFile } from "@/lib/esign/downloads/document-file";
import { notFound } from "@/lib/esign/errors";
import { findPackage } from "@/lib/esign/packages/find-package";
import { blobStore } from "@/lib/esign/storage/blob-store";
import { attachmentFileDownload, attachmentsZip, entryPath, findPackageRequirement } from "./attachment-downloads";
import { attachmentFilesOf } from "./requirement-files";

/**
 * `GET /api/packages/{packageId}/attachment/{attachmentId}`: what the signer uploaded for the
 * requirement: the file itself when there is one, a zip named after the requirement when there
 * are several; 404 while there is none.
 */
export async function downloadAttachment(db: Db, caller: Caller, packageId: string, attachmentId: string): Promise<DownloadFile | SizedDownloadFile> {
  const { requirement, files } = await db.transaction(async (tx) => {
    const pkg = await findPackage(tx, caller, packageId);
    const { role, requirement } = await findPackageRequirement(tx, pkg.id, attachmentId);
    return { requirement, files: await attachmentFilesOf(tx, pkg.id, { roleId: role.id, requirementId: requirement.id }) };
  });
  if (files.length === 0) throw notFound("error.notFound.attachmentFileNotFound", `No file has been uploaded for "${requirement.name}" yet.`);
  const store = await blobStore();
  if (files.length === 1) return attachmentFileDownload(store, files[0]);
  return attachmentsZip(store, files.map((file) => ({ path: entryPath([], file), file })), requirement.name);
}
