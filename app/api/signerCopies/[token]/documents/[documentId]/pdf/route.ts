import { signerCopyPdf } from "@/lib/esign/signing/copies/signer-copy-downloads";
import { publicRoute } from "@/lib/http/api-handler";
import { download } from "@/lib/http/responses";

/** A signer's copy: one sealed document, through the signer's COPY link. */
export const GET = publicRoute<{ token: string; documentId: string }>(async ({ params, db }) => {
  const file = await signerCopyPdf(db, params.token, params.documentId);
  return download(file.body, file.fileName, file.contentType, { "content-length": String(file.size), "cache-control": "private, no-store", "referrer-policy": "no-referrer" });
});
