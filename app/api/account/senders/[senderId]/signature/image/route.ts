import { deleteSenderSignatureImage, getSenderSignatureImage, setSenderSignatureImage } from "@/lib/esign/senders/signature-image";
import { apiRoute } from "@/lib/http/api-handler";
import { readAttachmentUpload } from "@/lib/http/attachment-upload";
import { noContent } from "@/lib/http/responses";

type Params = { senderId: string };

/**
 * A sender's signature image: `{fileName, mediaType, content}` (base64), `{}` when there is none.
 * Any member reads it; the sender or an administrator of theirs (users.manage) changes it.
 */
export const GET = apiRoute<Params>({ permission: null }, async ({ db, caller, params }) => getSenderSignatureImage(db, caller, params.senderId));

/** multipart/form-data with one part named `file`: a PNG, JPEG, GIF or BMP up to 1 MB. */
export const POST = apiRoute<Params>({ permission: null }, async ({ request, db, caller, params }) => {
  const file = await readAttachmentUpload(request);
  await setSenderSignatureImage(db, caller, params.senderId, file);
  return noContent();
});

export const DELETE = apiRoute<Params>({ permission: null }, async ({ db, caller, params }) => {
  await deleteSenderSignatureImage(db, caller, params.senderId);
  return noContent();
});
