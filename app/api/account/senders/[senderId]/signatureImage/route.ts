import { downloadSenderSignatureImage } from "@/lib/esign/senders/signature-image";
import { apiRoute } from "@/lib/http/api-handler";
import { download } from "@/lib/http/responses";

/** The sender's signature image, byte for byte in its own media type (404 when there is none). */
export const GET = apiRoute({
  params: ["senderId"],
  tag: "Senders",
  summary: "The sender's signature image, byte for byte (404 when there is none)",
  permission: null,
  responses: { 200: { description: "The image", contentType: "image/*" } },
}, async ({ db, caller, params }) => {
  const image = await downloadSenderSignatureImage(db, caller, params.senderId);
  return download(new Uint8Array(image.bytes), image.fileName, image.mediaType, { "content-length": String(image.bytes.byteLength) });
});

export * from "@/lib/http/method-not-allowed";
