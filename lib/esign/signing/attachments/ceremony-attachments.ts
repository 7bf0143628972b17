import type { CeremonyAttachmentRequirement } from "@/lib/api/attachments";
import type { Queryable } from "@/lib/db/client";
import { attachmentFilesOf, type AttachmentFileRow } from "./requirement-files";
import { requirementsOf, type AttachmentRequirement } from "./requirements";

/** One requirement as the ceremony shows it, with `files` (of any requirement: those of this one are picked). */
export function ceremonyRequirement(requirement: AttachmentRequirement, files: AttachmentFileRow[]): CeremonyAttachmentRequirement {
  return {
    id: requirement.id,
    name: requirement.name,
    description: requirement.description,
    required: requirement.required,
    status: requirement.status,
    accepted: requirement.review?.outcome === "ACCEPTED",
    comment: requirement.comment,
    files: files.filter((file) => file.requirementId === requirement.id).map((file) => ({ id: file.id, name: file.name, size: file.size })),
  };
}

/** The signer's own attachment requirements as the ceremony shows them, each with the files uploaded so far. */
export async function ceremonyAttachmentRequirements(
  tx: Queryable,
  packageId: string,
  role: { id: string; attachmentRequirements: unknown[] },
): Promise<CeremonyAttachmentRequirement[]> {
  const files = await attachmentFilesOf(tx, packageId, { roleId: role.id });
  return requirementsOf(role).map((requirement) => ceremonyRequirement(requirement, files));
}
