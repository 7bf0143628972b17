import { signerCopyZip } from "@/lib/esign/signing/copies/signer-copy-downloads";
import { publicRoute } from "@/lib/http/api-handler";
import { download } from "@/lib/http/responses";

/** A signer's copy: the sealed documents in one zip, through the signer's COPY link. */
export const GET = publicRoute<{ token: string }>(async ({ params, db }) => {
  const file = await signerCopyZip(db, params.token);
  return download(file.body, file.fileName, file.contentType, { "cache-control": "private, no-store", "referrer-policy": "no-referrer" });
});
