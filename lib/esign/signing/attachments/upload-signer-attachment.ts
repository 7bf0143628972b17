import type { CeremonyAttachmentRequirement } from "@/lib/api/attachments";
import { config } from "@/lib/config";
import type { Db, Queryable } from "@/lib/db/client";
import { signerAttachmentFiles } from "@/lib/db/schema";
import { readSettingsDocument } from "@/lib/esign/account-settings/settings-documents";
import { recordEvent } from "@/lib/esign/audit/record-event";
import { now } from "@/lib/esign/clock";
import { CreatedBlobs } from "@/lib/esign/documents/store-documents";
import { safeFileName } from "@/lib/esign/downloads/document-file";
import { badRequest, forbidden, tooLarge, unprocessable } from "@/lib/esign/errors";
import { finishRoleIfDone } from "@/lib/esign/signing/ceremony/finish-role";
import { assertMayAct, loadSignerContext } from "@/lib/esign/signing/ceremony/signer-context";
import type { SigningSession } from "@/lib/esign/signing/session";
import { isRoleVerified } from "@/lib/esign/signing/verification/assert-available";
import { ceremonyRequirement } from "./ceremony-attachments";
import { assertNotAccepted, attachmentFilesOf, requirementOfRole, syncRequirement } from "./requirement-files";

/** Files one requirement may hold: enough for the pages of a passport scanned one by one. */
export const MAX_FILES_PER_ATTACHMENT = 20;
/** The event's message is the requirement name, at most this long (spec 6). */
const EVENT_MESSAGE_LIMIT = 255;

export interface AttachmentUpload {
  fileName: string;
  contentType: string;
  bytes: Uint8Array;
}

/** Any kind of file the account allows (attachmentsWhitelist); it must not be empty nor over MAX_FILE_MB, and its name must be usable. */
function validatedUpload(upload: AttachmentUpload): AttachmentUpload {
  const { maxFileBytes } = config();
  if (upload.bytes.byteLength === 0) throw badRequest("error.validation.emptyFile", `The file "${upload.fileName}" is empty.`);
  if (upload.bytes.byteLength > maxFileBytes) throw tooLarge(`The file "${upload.fileName}" is larger than the limit of ${maxFileBytes / 1024 / 1024} MB.`);
  const fileName = safeFileName(upload.fileName, "attachment");
  if (fileName.length > 255) throw badRequest("error.validation.fileName", "The file's name is longer than 255 characters.");
  const contentType = upload.contentType.trim().toLowerCase();
  return { fileName, bytes: upload.bytes, contentType: /^[\w.+-]{1,63}\/[\w.+-]{1,63}$/.test(contentType) ? contentType : "application/octet-stream" };
}

/** The account's attachmentsWhitelist, when it lists extensions: the file's must be one of them (as written: "pdf", ".pdf", "\"PDF\""). */
async function assertAllowedFileType(tx: Queryable, accountId: string, fileName: string): Promise<void> {
  const { allowedFileTypes } = (await readSettingsDocument(tx, accountId, "attachmentsWhitelist")) as { allowedFileTypes: string[] };
  const allowed = new Set(allowedFileTypes.map((type) => type.replace(/["'.\s]/g, "").toLowerCase()).filter(Boolean));
  if (allowed.size === 0) return;
  const extension = fileName.includes(".") ? fileName.slice(fileName.lastIndexOf(".") + 1).toLowerCase() : "";
  if (!allowed.has(extension)) {
    throw unprocessable("error.validation.fileTypeNotAllowed", `Files of this kind (".${extension}") cannot be attached; allowed: ${[...allowed].join(", ")}.`);
  }
}

/**
 * `POST /api/signing/{packageId}/attachments/{attachmentId}`: the signer adds a file to one of
 * their role's attachment requirements (the SDKs' route may carry several: all or none are kept).
 * Each file is checked before anything is stored, its bytes go to the blob store, the requirement
 * becomes COMPLETE and PACKAGE_ATTACHMENT is recorded with the requirement's name. When this was
 * the last thing the signer owed (everything signed, every required attachment there), the role
 * finishes as after a signature. One transaction; the body has been read before it opens, so a
 * slow upload holds no lock.
 */
export async function uploadSignerAttachment(db: Db, session: SigningSession, attachmentId: string, upload: AttachmentUpload | AttachmentUpload[]): Promise<CeremonyAttachmentRequirement> {
  const files = (Array.isArray(upload) ? upload : [upload]).map(validatedUpload);
  const blobs = await CreatedBlobs.open();
  try {
    return await db.transaction(async (tx) => {
      const context = await loadSignerContext(tx, session, true);
      const { pkg, role } = context;
      assertMayAct(context, "uploading an attachment");
      if (!(await isRoleVerified(tx, pkg.id, role.id))) throw forbidden("error.forbidden.verificationRequired", "Verify your identity before uploading attachments.");
      for (const file of files) await assertAllowedFileType(tx, pkg.accountId, file.fileName);
      const requirement = requirementOfRole(role, attachmentId);
      assertNotAccepted(requirement);
      const existing = await attachmentFilesOf(tx, pkg.id, { roleId: role.id, requirementId: requirement.id });
      if (existing.length + files.length > MAX_FILES_PER_ATTACHMENT) {
        throw unprocessable("error.validation.tooManyAttachmentFiles", `"${requirement.name}" holds at most ${MAX_FILES_PER_ATTACHMENT} files and has ${existing.length}; remove one first.`);
      }

      const at = now();
      for (const file of files) {
        await tx.insert(signerAttachmentFiles).values({
          packageId: pkg.id,
          roleId: role.id,
          requirementId: requirement.id,
          name: file.fileName,
          contentType: file.contentType,
          size: file.bytes.byteLength,
          blobSha256: await blobs.put({ bytes: file.bytes }, tx),
          uploadedByName: context.actorName,
          uploadedByEmail: context.actorEmail,
          uploaded: at,
        });
      }
      const updated = await syncRequirement(tx, pkg.id, role.id, requirement.id, { uploaded: true });
      await recordEvent(tx, {
        accountId: pkg.accountId,
        packageId: pkg.id,
        name: "PACKAGE_ATTACHMENT",
        sessionUser: role.id,
        message: requirement.name.slice(0, EVENT_MESSAGE_LIMIT),
        ipAddress: session.ipAddress ?? undefined,
        userAgent: session.userAgent ?? undefined,
      });
      await finishRoleIfDone(tx, context);
      return ceremonyRequirement(updated.requirement, updated.files);
    });
  } catch (error) {
    await blobs.removeUnreferenced(db);
    throw error;
  }
}
