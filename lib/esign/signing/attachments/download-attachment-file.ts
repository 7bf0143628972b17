import { and, eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { signerAttachmentFiles } from "@/lib/db/schema";
import type { Caller } from "@/lib/esign/accounts/caller";
import type { SizedDownloadFile } from "@/lib/esign/downloads/document-file";
import { findPackage } from "@/lib/esign/packages/find-package";
import { blobStore } from "@/lib/esign/storage/blob-store";
import { attachmentFileDownload, findPackageRequirement } from "./attachment-downloads";
import { attachmentFileNotFound } from "./requirement-files";

/** `GET /api/packages/{packageId}/attachment/{attachmentId}/file/{fileId}`: one uploaded file, byte for byte. */
export async function downloadAttachmentFile(db: Db, caller: Caller, packageId: string, attachmentId: string, fileId: string): Promise<SizedDownloadFile> {
  const file = await db.transaction(async (tx) => {
    const pkg = await findPackage(tx, caller, packageId);
    const { requirement } = await findPackageRequirement(tx, pkg.id, attachmentId);
    const [row] = await tx
      .select()
      .from(signerAttachmentFiles)
      .where(and(eq(signerAttachmentFiles.packageId, pkg.id), eq(signerAttachmentFiles.requirementId, requirement.id), eq(signerAttachmentFiles.id, fileId)));
    if (!row) throw attachmentFileNotFound(fileId);
    return row;
  });
  return attachmentFileDownload(await blobStore(), file);
}
