import { asc, eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { roles } from "@/lib/db/schema";
import type { Caller } from "@/lib/esign/accounts/caller";
import type { DownloadFile } from "@/lib/esign/downloads/document-file";
import { notFound } from "@/lib/esign/errors";
import { findPackage } from "@/lib/esign/packages/find-package";
import { findRole } from "@/lib/esign/roles/role-changes";
import { blobStore } from "@/lib/esign/storage/blob-store";
import { attachmentsZip, entryPath } from "./attachment-downloads";
import { attachmentFilesOf } from "./requirement-files";
import { requirementsOf } from "./requirements";

/**
 * `GET /api/packages/{packageId}/attachment/zip` (every signer's uploads, a folder per role, then
 * per requirement) and `.../attachment/zip/{roleId}` (one role's, a folder per requirement); 404
 * while nothing has been uploaded.
 */
export async function downloadAttachmentsZip(db: Db, caller: Caller, packageId: string, roleId?: string): Promise<DownloadFile> {
  const { pkg, entries, roleName } = await db.transaction(async (tx) => {
    const pkg = await findPackage(tx, caller, packageId);
    const role = roleId === undefined ? undefined : await findRole(tx, pkg.id, roleId);
    const files = await attachmentFilesOf(tx, pkg.id, { roleId });
    const roleRows = role ? [role] : await tx.select().from(roles).where(eq(roles.packageId, pkg.id)).orderBy(asc(roles.index), asc(roles.position));
    const entries = roleRows.flatMap((row) =>
      requirementsOf(row).flatMap((requirement) =>
        files
          .filter((file) => file.roleId === row.id && file.requirementId === requirement.id)
          .map((file) => ({ path: entryPath(role ? [requirement.name] : [row.name || row.id, requirement.name], file), file })),
      ),
    );
    return { pkg, entries, roleName: role ? role.name || role.id : null };
  });
  if (entries.length === 0) throw notFound("error.notFound.attachmentFileNotFound", roleName ? `${roleName} has not uploaded any attachment.` : "No signer has uploaded an attachment.");
  const zipName = roleName ? `${pkg.name} - ${roleName} - Attachments` : `${pkg.name} - Attachments`;
  return attachmentsZip(await blobStore(), entries, zipName);
}
