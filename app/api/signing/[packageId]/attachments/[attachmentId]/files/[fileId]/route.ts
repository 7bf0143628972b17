import { deleteSignerAttachmentFile } from "@/lib/esign/signing/attachments/delete-signer-attachment-file";
import { signingSessionOf } from "@/lib/esign/signing/session";
import { publicRoute } from "@/lib/http/api-handler";
import { CEREMONY_AUTHENTICATION, errorBody, noCeremonySession, ok } from "@/lib/api/openapi/operation";
import { ceremonyAttachmentRequirement } from "@/lib/api/attachments";

/** The signer removes a file they uploaded (the bytes are removed after the transaction commits, hence not `signerRoute`). */
export const DELETE = publicRoute({
  params: ["packageId", "attachmentId", "fileId"],
  tag: "Signing ceremony",
  summary: "Remove a file the signer uploaded, before they finish",
  description: `${CEREMONY_AUTHENTICATION} The requirement is INCOMPLETE again when no file is left. Answers the requirement with its files.`,
  responses: {
    200: ok(ceremonyAttachmentRequirement),
    401: noCeremonySession,
    404: ok(errorBody, "No such requirement of the signer's role, or no such file"),
    409: ok(errorBody, "The signer has finished, or the package is no longer out for signing"),
  },
}, async ({ request, params, db }) => {
  const session = await signingSessionOf(request, params.packageId);
  return deleteSignerAttachmentFile(db, session, params.attachmentId, params.fileId);
});

export * from "@/lib/http/method-not-allowed";
