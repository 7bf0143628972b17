import { deleteSenderSignatureImage, getSenderSignatureImage, setSenderSignatureImage } from "@/lib/esign/senders/signature-image";
import { apiRoute } from "@/lib/http/api-handler";
import { readAttachmentUpload } from "@/lib/http/attachment-upload";
import { noContent } from "@/lib/http/responses";
import { errorBody, noBody, ok } from "@/lib/api/openapi/operation";
import { z } from "zod";

/**
 * A sender's signature image: `{fileName, mediaType, content}` (base64), `{}` when there is none.
 * Any member reads it; the sender or an administrator of theirs (users.manage) changes it.
 */
export const GET = apiRoute({
  params: ["senderId"],
  tag: "Senders",
  summary: "The sender's signature image: {fileName, mediaType, content (base64)}, {} when there is none",
  permission: null,
  responses: { 200: ok(z.object({ fileName: z.string(), mediaType: z.string(), content: z.string() }).partial()) },
}, async ({ db, caller, params }) => getSenderSignatureImage(db, caller, params.senderId));

/** multipart/form-data with one part named `file`: a PNG, JPEG, GIF or BMP up to 1 MB. */
export const POST = apiRoute({
  params: ["senderId"],
  tag: "Senders",
  summary: "Set the sender's signature image (multipart, one part named file: PNG, JPEG, GIF or BMP up to 1 MB)",
  description: "The sender themselves, or a caller holding users.manage who may administer them.",
  permission: null,
  responses: { 204: noBody, 400: ok(errorBody, "Not one file, or not a picture"), 413: ok(errorBody, "Over 1 MB") },
}, async ({ request, db, caller, params }) => {
  const file = await readAttachmentUpload(request);
  await setSenderSignatureImage(db, caller, params.senderId, file);
  return noContent();
});

export const DELETE = apiRoute({ params: ["senderId"], tag: "Senders", summary: "Remove the sender's signature image", permission: null, responses: { 204: noBody } }, async ({ db, caller, params }) => {
  await deleteSenderSignatureImage(db, caller, params.senderId);
  return noContent();
});

export * from "@/lib/http/method-not-allowed";
