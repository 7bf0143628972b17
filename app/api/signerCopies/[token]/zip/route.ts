import { signerCopyZip } from "@/lib/esign/signing/copies/signer-copy-downloads";
import { publicRoute } from "@/lib/http/api-handler";
import { download } from "@/lib/http/responses";
import { errorBody, ok } from "@/lib/api/openapi/operation";

/** A signer's copy: the sealed documents in one zip, through the signer's COPY link. */
export const GET = publicRoute({
  params: ["token"],
  tag: "Signing ceremony",
  summary: "A signer's copy: the sealed documents in one zip (the sender's zip), through the signer's download link",
  description: "The token of the signer's download link (SIGNER_COPY e-mail, or the ceremony's last page) is the credential. It works while the package is complete, not deleted or trashed, and kept by retention.",
  responses: {
    200: { description: "A zip archive", contentType: "application/zip" },
    404: ok(errorBody, "No such link"),
    409: ok(errorBody, "The documents are still being sealed"),
    410: ok(errorBody, "The package was deleted or trashed, or retention removed its documents"),
  },
}, async ({ params, db }) => {
  const file = await signerCopyZip(db, params.token);
  return download(file.body, file.fileName, file.contentType, { "cache-control": "private, no-store", "referrer-policy": "no-referrer" });
});

export * from "@/lib/http/method-not-allowed";
