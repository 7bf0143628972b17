import { recordDocumentViewed } from "@/lib/esign/signing/ceremony/record-document-viewed";
import { signerRoute } from "@/lib/http/signer-route";

/** The ceremony opened a document (DOCUMENT_VIEWED). */
export const POST = signerRoute<{ packageId: string; documentId: string }>(async ({ tx, context, params }) => {
  await recordDocumentViewed(tx, context, params.documentId);
  return new Response(null, { status: 204 });
});
