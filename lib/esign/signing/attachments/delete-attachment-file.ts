import { and, eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { signerAttachmentFiles } from "@/lib/db/schema";
import type { Caller } from "@/lib/esign/accounts/caller";
import { conflict } from "@/lib/esign/errors";
import { changePackage } from "@/lib/esign/packages/package-change";
import { deleteUnreferencedBlobs, dropUnreferencedBlobs } from "@/lib/esign/storage/blob-references";
import { findPackageRequirement } from "./attachment-downloads";
import { attachmentFileNotFound, syncRequirement } from "./requirement-files";

/**
 * `DELETE /api/packages/{packageId}/attachment/{attachmentId}/file/{fileId}`: the sender removes a
 * file a signer uploaded, while the package is out for signing (a completed package keeps what was
 * signed and uploaded). The requirement is INCOMPLETE again when no file is left (REJECTED while a
 * rejection stands); a signer who has not finished can upload anew. The bytes go too, unless another row holds the same ones.
 */
export async function deleteAttachmentFile(db: Db, caller: Caller, packageId: string, attachmentId: string, fileId: string): Promise<void> {
  const unreferenced = await changePackage(
    db,
    caller,
    packageId,
    "the signers' attachments",
    async ({ tx, row: pkg }) => {
      if (pkg.status !== "SENT") {
        throw conflict("error.conflict.packageNotSent", `The package is ${pkg.status}; signers' attachments can be removed only while it is out for signing.`);
      }
      const { role, requirement } = await findPackageRequirement(tx, packageId, attachmentId);
      const [file] = await tx
        .delete(signerAttachmentFiles)
        .where(and(eq(signerAttachmentFiles.packageId, packageId), eq(signerAttachmentFiles.requirementId, requirement.id), eq(signerAttachmentFiles.id, fileId)))
        .returning();
      if (!file) throw attachmentFileNotFound(fileId);
      await syncRequirement(tx, packageId, role.id, requirement.id);
      return dropUnreferencedBlobs(tx, file.blobSha256 ? [file.blobSha256] : []);
    },
    { allowed: "anyButTrash" },
  );
  await deleteUnreferencedBlobs(db, unreferenced);
}
