import { PERMISSIONS } from "@/lib/esign/permissions";
import { downloadAttachment } from "@/lib/esign/signing/attachments/download-attachment";
import { uploadSignerAttachment } from "@/lib/esign/signing/attachments/upload-signer-attachment";
import { signingSessionOf } from "@/lib/esign/signing/session";
import { apiRoute, publicRoute } from "@/lib/http/api-handler";
import { readAttachmentUploads } from "@/lib/http/attachment-upload";
import { download } from "@/lib/http/responses";
import { errorBody, noCeremonySession, ok, filesPurged, uploadedFile } from "@/lib/api/openapi/operation";
import { ceremonyAttachmentRequirement } from "@/lib/api/attachments";

/** What the signer uploaded for the requirement: the file, or a zip of them when there are several. */
export const GET = apiRoute({
  params: ["packageId", "attachmentId"],
  tag: "Signer attachments",
  summary: "What the signer uploaded for an attachment requirement: the file, or a zip when there are several",
  permission: PERMISSIONS.transaction,
  responses: { 200: uploadedFile, 404: ok(errorBody, "No such requirement, or nothing uploaded for it yet"), 410: filesPurged },
}, async ({ db, caller, params }) => {
  const file = await downloadAttachment(db, caller, params.packageId, params.attachmentId);
  return download(file.body, file.fileName, file.contentType, "size" in file ? { "content-length": String(file.size) } : {});
});

/**
 * The signer uploads files for the requirement (each in a part named `file`), as the SDKs do it: with the session of a signer
 * authentication token in the `ESIGNLIVE_SESSION_ID` cookie (the ceremony's own route is
 * `POST /api/signing/{packageId}/attachments/{attachmentId}`, which this is).
 */
export const POST = publicRoute({
  params: ["packageId", "attachmentId"],
  tag: "Signer attachments",
  summary: "The signer uploads a file for the requirement (the SDKs' signer route)",
  description:
    "Authenticated by a signer session: the `ESIGNLIVE_SESSION_ID` cookie holding the `sessionToken` that `GET /auth?signerAuthenticationToken=…` answers a client asking for JSON (or the ceremony's own cookie). multipart/form-data with one part named `file`; otherwise as `POST /api/signing/{packageId}/attachments/{attachmentId}`.",
  responses: { 200: ok(ceremonyAttachmentRequirement), 401: noCeremonySession, 422: ok(errorBody, "The file's type is not in the account's attachments whitelist, or the requirement holds the most files it can") },
}, async ({ request, params, db }) => {
  const session = await signingSessionOf(request, params.packageId, "multipart");
  return uploadSignerAttachment(db, session, params.attachmentId, await readAttachmentUploads(request));
});

export * from "@/lib/http/method-not-allowed";
