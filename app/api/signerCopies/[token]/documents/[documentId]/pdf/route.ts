import { signerCopyPdf } from "@/lib/esign/signing/copies/signer-copy-downloads";
import { publicRoute } from "@/lib/http/api-handler";
import { download } from "@/lib/http/responses";
import { errorBody, ok, pdf } from "@/lib/api/openapi/operation";

/** A signer's copy: one sealed document, through the signer's COPY link. */
export const GET = publicRoute({
  params: ["token", "documentId"],
  tag: "Signing ceremony",
  summary: "A signer's copy: one sealed document, through the signer's download link",
  description: "As the zip: the link's token is the credential.",
  responses: {
    200: pdf,
    404: ok(errorBody, "No such link or document"),
    409: ok(errorBody, "The documents are still being sealed"),
    410: ok(errorBody, "The package was deleted or trashed, or retention removed its documents"),
  },
}, async ({ params, db }) => {
  const file = await signerCopyPdf(db, params.token, params.documentId);
  return download(file.body, file.fileName, file.contentType, { "content-length": String(file.size), "cache-control": "private, no-store", "referrer-policy": "no-referrer" });
});

export * from "@/lib/http/method-not-allowed";
