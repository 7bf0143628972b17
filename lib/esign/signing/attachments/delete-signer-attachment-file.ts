import { and, eq } from "drizzle-orm";
import type { CeremonyAttachmentRequirement } from "@/lib/api/attachments";
import type { Db } from "@/lib/db/client";
import { signerAttachmentFiles } from "@/lib/db/schema";
import { assertMayAct, loadSignerContext } from "@/lib/esign/signing/ceremony/signer-context";
import type { SigningSession } from "@/lib/esign/signing/session";
import { deleteUnreferencedBlobs, dropUnreferencedBlobs } from "@/lib/esign/storage/blob-references";
import { ceremonyRequirement } from "./ceremony-attachments";
import { assertNotAccepted, attachmentFileNotFound, requirementOfRole, syncRequirement } from "./requirement-files";

/**
 * `DELETE /api/signing/{packageId}/attachments/{attachmentId}/files/{fileId}`: before they finish,
 * the signer removes a file they uploaded; the requirement is INCOMPLETE again when none is left
 * (REJECTED while the sender's rejection stands: only a new upload answers it).
 * The bytes go too, unless another row holds the same ones.
 */
export async function deleteSignerAttachmentFile(db: Db, session: SigningSession, attachmentId: string, fileId: string): Promise<CeremonyAttachmentRequirement> {
  const { answer, unreferenced } = await db.transaction(async (tx) => {
    const context = await loadSignerContext(tx, session, true);
    const { pkg, role } = context;
    assertMayAct(context, "removing an attachment");
    const requirement = requirementOfRole(role, attachmentId);
    assertNotAccepted(requirement);
    const ofRequirement = and(
      eq(signerAttachmentFiles.packageId, pkg.id),
      eq(signerAttachmentFiles.roleId, role.id),
      eq(signerAttachmentFiles.requirementId, requirement.id),
      eq(signerAttachmentFiles.id, fileId),
    );
    const [file] = await tx.delete(signerAttachmentFiles).where(ofRequirement).returning();
    if (!file) throw attachmentFileNotFound(fileId);
    const updated = await syncRequirement(tx, pkg.id, role.id, requirement.id);
    return {
      answer: ceremonyRequirement(updated.requirement, updated.files),
      unreferenced: await dropUnreferencedBlobs(tx, file.blobSha256 ? [file.blobSha256] : []),
    };
  });
  await deleteUnreferencedBlobs(db, unreferenced);
  return answer;
}
