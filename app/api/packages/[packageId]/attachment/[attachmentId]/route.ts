import { PERMISSIONS } from "@/lib/esign/permissions";
import { downloadAttachment } from "@/lib/esign/signing/attachments/download-attachment";
import { uploadSignerAttachment } from "@/lib/esign/signing/attachments/upload-signer-attachment";
import { signingSessionOf } from "@/lib/esign/signing/session";
import { apiRoute, publicRoute } from "@/lib/http/api-handler";
import { readAttachmentUploads } from "@/lib/http/attachment-upload";
import { download } from "@/lib/http/responses";

type Params = { packageId: string; attachmentId: string };

/** What the signer uploaded for the requirement: the file, or a zip of them when there are several. */
export const GET = apiRoute<Params>({ permission: PERMISSIONS.transaction }, async ({ db, caller, params }) => {
  const file = await downloadAttachment(db, caller, params.packageId, params.attachmentId);
  return download(file.body, file.fileName, file.contentType, "size" in file ? { "content-length": String(file.size) } : {});
});

/**
 * The signer uploads files for the requirement (each in a part named `file`), as the SDKs do it: with the session of a signer
 * authentication token in the `ESIGNLIVE_SESSION_ID` cookie (the ceremony's own route is
 * `POST /api/signing/{packageId}/attachments/{attachmentId}`, which this is).
 */
export const POST = publicRoute<Params>(async ({ request, params, db }) => {
  const session = await signingSessionOf(request, params.packageId, "multipart");
  return uploadSignerAttachment(db, session, params.attachmentId, await readAttachmentUploads(request));
});
