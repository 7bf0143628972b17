import { and, asc, eq } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import { roles, signerAttachmentFiles } from "@/lib/db/schema";
import { notFound } from "@/lib/esign/errors";
import { requirementsOf, type AttachmentRequirement } from "./requirements";

export type AttachmentFileRow = typeof signerAttachmentFiles.$inferSelect;

export const attachmentNotFound = (attachmentId: string) =>
  notFound("error.notFound.attachmentNotFound", `There is no attachment requirement "${attachmentId}" here.`);
export const attachmentFileNotFound = (fileId: string) =>
  notFound("error.notFound.attachmentFileNotFound", `The attachment has no file "${fileId}".`);

/** The requirement of this id among the role's; 404 otherwise. */
export function requirementOfRole(role: { attachmentRequirements: unknown[] }, attachmentId: string): AttachmentRequirement {
  const requirement = requirementsOf(role).find((candidate) => candidate.id === attachmentId);
  if (!requirement) throw attachmentNotFound(attachmentId);
  return requirement;
}

/** The uploaded files of a package, oldest first; of one role, or of one requirement of it. */
export async function attachmentFilesOf(db: Queryable, packageId: string, where: { roleId?: string; requirementId?: string } = {}): Promise<AttachmentFileRow[]> {
  const conditions = [eq(signerAttachmentFiles.packageId, packageId)];
  if (where.roleId !== undefined) conditions.push(eq(signerAttachmentFiles.roleId, where.roleId));
  if (where.requirementId !== undefined) conditions.push(eq(signerAttachmentFiles.requirementId, where.requirementId));
  return db
    .select()
    .from(signerAttachmentFiles)
    .where(and(...conditions))
    .orderBy(asc(signerAttachmentFiles.uploaded), asc(signerAttachmentFiles.id));
}

/**
 * Brings the requirement in the role's JSON in step with its files after an upload or a deletion:
 * the list of files, and the status (COMPLETE with a file, INCOMPLETE without). Answers it with
 * its files.
 */
export async function syncRequirement(
  tx: Queryable,
  packageId: string,
  roleId: string,
  requirementId: string,
): Promise<{ requirement: AttachmentRequirement; files: AttachmentFileRow[] }> {
  const [role] = await tx.select({ attachmentRequirements: roles.attachmentRequirements }).from(roles).where(and(eq(roles.packageId, packageId), eq(roles.id, roleId)));
  if (!role) throw attachmentNotFound(requirementId);
  const files = await attachmentFilesOf(tx, packageId, { roleId, requirementId });
  let updated: AttachmentRequirement | undefined;
  const requirements = requirementsOf(role).map((requirement) => {
    if (requirement.id !== requirementId) return requirement;
    updated = {
      ...requirement,
      status: files.length > 0 ? "COMPLETE" : "INCOMPLETE",
      files: files.map((file) => ({ id: file.id, name: file.name })),
    };
    return updated;
  });
  if (!updated) throw attachmentNotFound(requirementId);
  await tx.update(roles).set({ attachmentRequirements: requirements }).where(and(eq(roles.packageId, packageId), eq(roles.id, roleId)));
  return { requirement: updated, files };
}

/** The required attachments of the role that have no file yet: the role cannot finish while there are any. */
export async function missingRequiredAttachments(tx: Queryable, packageId: string, role: { id: string; attachmentRequirements: unknown[] }): Promise<AttachmentRequirement[]> {
  const required = requirementsOf(role).filter((requirement) => requirement.required);
  if (required.length === 0) return [];
  const answered = new Set((await attachmentFilesOf(tx, packageId, { roleId: role.id })).map((file) => file.requirementId));
  return required.filter((requirement) => !answered.has(requirement.id));
}
