import { PERMISSIONS } from "@/lib/esign/permissions";
import { deleteAttachmentFile } from "@/lib/esign/signing/attachments/delete-attachment-file";
import { deleteSignerAttachmentFile } from "@/lib/esign/signing/attachments/delete-signer-attachment-file";
import { downloadAttachmentFile } from "@/lib/esign/signing/attachments/download-attachment-file";
import { actsAsSigner, signingSessionOf } from "@/lib/esign/signing/session";
import { apiRoute, unauthenticatedRoute } from "@/lib/http/api-handler";
import { contractOf, errorBody, noBody, ok, filesPurged, uploadedFile, withContract } from "@/lib/api/openapi/operation";
import { download, noContent } from "@/lib/http/responses";

type Params = { packageId: string; attachmentId: string; fileId: string };

/** One file a signer uploaded, byte for byte. */
export const GET = apiRoute({ params: ["packageId", "attachmentId", "fileId"], tag: "Signer attachments", summary: "One uploaded file, byte for byte", permission: PERMISSIONS.transaction, responses: { 200: uploadedFile, 410: filesPurged } }, async ({ db, caller, params }) => {
  const file = await downloadAttachmentFile(db, caller, params.packageId, params.attachmentId, params.fileId);
  return download(file.body, file.fileName, file.contentType, { "content-length": String(file.size) });
});

/** The sender removes a file a signer uploaded, while the package is out for signing. */
const senderDelete = apiRoute({
  params: ["packageId", "attachmentId", "fileId"],
  tag: "Signer attachments",
  summary: "Remove an uploaded file (the requirement is INCOMPLETE again when none is left)",
  description:
    "Only while the package is SENT; a signer who has not finished can upload again. Sent with the `ESIGNLIVE_SESSION_ID` cookie of a signer session and no credential (as the SDKs do), the signer removes their own file instead, as `DELETE /api/signing/{packageId}/attachments/{attachmentId}/files/{fileId}` does.",
  permission: PERMISSIONS.transaction,
  responses: { 204: noBody, 409: ok(errorBody, "The package is not out for signing") },
}, async ({ db, caller, params }) => {
  await deleteAttachmentFile(db, caller, params.packageId, params.attachmentId, params.fileId);
  return noContent();
});

/** The signer removes their own file, with the session cookie the SDKs send (see the POST beside this). */
const signerDelete = unauthenticatedRoute<Params>(async ({ request, params, db }) => {
  const session = await signingSessionOf(request, params.packageId);
  return deleteSignerAttachmentFile(db, session, params.attachmentId, params.fileId);
});

export const DELETE = withContract(contractOf(senderDelete)!, async (request: Request, context: { params: Promise<Params> }): Promise<Response> => {
  return actsAsSigner(request) ? signerDelete(request, context) : senderDelete(request, context);
});

export * from "@/lib/http/method-not-allowed";
