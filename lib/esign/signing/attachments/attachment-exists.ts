import { and, eq, isNotNull } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { signerAttachmentFiles } from "@/lib/db/schema";
import type { Caller } from "@/lib/esign/accounts/caller";
import { findPackage } from "@/lib/esign/packages/find-package";

/**
 * The `.../exists` checks before a download (OneSpan's AttachmentAvailability): whether a stored
 * file is there for the requirement (`attachmentId`), for one file of it (`fileId` too), or for a
 * role (`roleId`). An unknown requirement, file or role is simply `false`; an unknown package 404.
 */
export async function attachmentExists(db: Db, caller: Caller, packageId: string, which: { attachmentId: string; fileId?: string } | { roleId: string }): Promise<boolean> {
  return db.transaction(async (tx) => {
    const pkg = await findPackage(tx, caller, packageId);
    const conditions = [eq(signerAttachmentFiles.packageId, pkg.id), isNotNull(signerAttachmentFiles.blobSha256)];
    if ("roleId" in which) conditions.push(eq(signerAttachmentFiles.roleId, which.roleId));
    else {
      conditions.push(eq(signerAttachmentFiles.requirementId, which.attachmentId));
      if (which.fileId !== undefined) conditions.push(eq(signerAttachmentFiles.id, which.fileId));
    }
    const found = await tx.select({ id: signerAttachmentFiles.id }).from(signerAttachmentFiles).where(and(...conditions)).limit(1);
    return found.length > 0;
  });
}
