import { uploadSignerAttachment } from "@/lib/esign/signing/attachments/upload-signer-attachment";
import { signingSessionOf } from "@/lib/esign/signing/session";
import { publicRoute } from "@/lib/http/api-handler";
import { readAttachmentUpload } from "@/lib/http/attachment-upload";
import { CEREMONY_AUTHENTICATION, errorBody, noCeremonySession, ok } from "@/lib/api/openapi/operation";
import { ceremonyAttachmentRequirement } from "@/lib/api/attachments";

/**
 * The signer uploads a file for one of their attachment requirements (multipart, part `file`).
 * Not `signerRoute`: the body is read before the transaction opens, so a slow upload holds no lock.
 */
export const POST = publicRoute({
  params: ["packageId", "attachmentId"],
  tag: "Signing ceremony",
  summary: "Upload a file for one of the signer's attachment requirements (PACKAGE_ATTACHMENT)",
  description: `${CEREMONY_AUTHENTICATION} multipart/form-data with exactly one file, in the part named \`file\`: any type, not empty, at most MAX_FILE_MB. The requirement becomes COMPLETE; when it was the last thing the signer owed (every approval signed, every required attachment uploaded), the signer finishes (SIGNER_COMPLETE, and the package may complete). Answers the requirement with its files.`,
  responses: {
    200: ok(ceremonyAttachmentRequirement),
    400: ok(errorBody, "Not multipart, not exactly one `file` part, an empty file, or a name over 255 characters"),
    401: noCeremonySession,
    403: ok(errorBody, "The signer must pass their verification first, or is locked"),
    404: ok(errorBody, "The signer's role has no such attachment requirement"),
    409: ok(errorBody, "The signer has finished, the package is no longer out for signing, or another member of the group holds the lock"),
    413: ok(errorBody, "The file is over MAX_FILE_MB"),
    422: ok(errorBody, "The requirement already holds the most files it can"),
  },
}, async ({ request, params, db }) => {
  const session = await signingSessionOf(request, params.packageId, "multipart");
  const upload = await readAttachmentUpload(request);
  return uploadSignerAttachment(db, session, params.attachmentId, upload);
});

export * from "@/lib/http/method-not-allowed";
