import { and, asc, eq } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import { roles, signerAttachmentFiles } from "@/lib/db/schema";
import { conflict, notFound } from "@/lib/esign/errors";
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

/** The sender accepted the files: the signer can no longer add or remove any. */
export function assertNotAccepted(requirement: AttachmentRequirement): void {
  if (requirement.review?.outcome === "ACCEPTED") {
    throw conflict("error.conflict.attachmentAccepted", `The sender accepted "${requirement.name}"; its files can no longer change.`);
  }
}

/**
 * A requirement's status from its files and the sender's review: a rejection stands until the
 * signer uploads again, even once they removed the rejected files (the comment still tells them why).
 */
export function statusOf(requirement: Pick<AttachmentRequirement, "review">, fileCount: number): AttachmentRequirement["status"] {
  if (requirement.review?.outcome === "REJECTED") return "REJECTED";
  return fileCount === 0 ? "INCOMPLETE" : "COMPLETE";
}

/**
 * Brings the requirement in the role's JSON in step with its files after an upload or a deletion:
 * the list of files, and the status (COMPLETE with a file, INCOMPLETE without, REJECTED while a
 * rejection stands). Only an upload (`uploaded`) answers a rejection: the requirement is COMPLETE
 * again and waits for the sender's review; the sender's comment stays for them to read. Removing
 * the rejected files leaves it REJECTED. Answers it with its files.
 */
export async function syncRequirement(
  tx: Queryable,
  packageId: string,
  roleId: string,
  requirementId: string,
  options: { uploaded?: boolean } = {},
): Promise<{ requirement: AttachmentRequirement; files: AttachmentFileRow[] }> {
  const [role] = await tx.select({ attachmentRequirements: roles.attachmentRequirements }).from(roles).where(and(eq(roles.packageId, packageId), eq(roles.id, roleId)));
  if (!role) throw attachmentNotFound(requirementId);
  const files = await attachmentFilesOf(tx, packageId, { roleId, requirementId });
  let updated: AttachmentRequirement | undefined;
  const requirements = requirementsOf(role).map((requirement) => {
    if (requirement.id !== requirementId) return requirement;
    const { review, ...rest } = requirement;
    // A new upload answers a rejection; with no file left an acceptance has nothing to stand on
    // (a rejection still stands: the signer owes a new file).
    const answered = options.uploaded && review?.outcome === "REJECTED";
    const kept = !review || answered || (files.length === 0 && review.outcome !== "REJECTED") ? {} : { review };
    updated = {
      ...rest,
      ...kept,
      status: statusOf(kept, files.length),
      files: files.map((file) => ({ id: file.id, name: file.name })),
    };
    return updated;
  });
  if (!updated) throw attachmentNotFound(requirementId);
  await tx.update(roles).set({ attachmentRequirements: requirements }).where(and(eq(roles.packageId, packageId), eq(roles.id, roleId)));
  return { requirement: updated, files };
}

/**
 * The required attachments of the role that have no file yet, or whose files the sender rejected:
 * the role cannot finish while there are any.
 */
export async function missingRequiredAttachments(tx: Queryable, packageId: string, role: { id: string }): Promise<AttachmentRequirement[]> {
  // Read here: the caller's copy of the role may predate an upload that answered a rejection.
  const [stored] = await tx.select({ attachmentRequirements: roles.attachmentRequirements }).from(roles).where(and(eq(roles.packageId, packageId), eq(roles.id, role.id)));
  const required = stored ? requirementsOf(stored).filter((requirement) => requirement.required) : [];
  if (required.length === 0) return [];
  const answered = new Set((await attachmentFilesOf(tx, packageId, { roleId: role.id })).map((file) => file.requirementId));
  return required.filter((requirement) => !answered.has(requirement.id) || requirement.review?.outcome === "REJECTED");
}
