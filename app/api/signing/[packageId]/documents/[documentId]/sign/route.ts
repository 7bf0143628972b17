import { documentSigning } from "@/lib/api/signing";
import { signDocument } from "@/lib/esign/signing/ceremony/sign-document";
import { readJson } from "@/lib/http/request-body";
import { signerRoute } from "@/lib/http/signer-route";

/** The signer signs all their approvals on the document at once. */
export const POST = signerRoute<{ packageId: string; documentId: string }>(async ({ request, tx, context, params }) => {
  const body = documentSigning.parse(await readJson(request));
  return signDocument(tx, context, params.documentId, body);
});
