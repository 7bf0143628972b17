import { recordDocumentViewed } from "@/lib/esign/signing/ceremony/record-document-viewed";
import { signerRoute } from "@/lib/http/signer-route";
import { CEREMONY_AUTHENTICATION, errorBody, noBody, noCeremonySession, ok } from "@/lib/api/openapi/operation";

/** The ceremony opened a document (DOCUMENT_VIEWED). */
export const POST = signerRoute({
  params: ["packageId", "documentId"],
  tag: "Signing ceremony",
  summary: "Record that the signer opened a document (DOCUMENT_VIEWED)",
  description: CEREMONY_AUTHENTICATION,
  responses: { 204: noBody, 401: noCeremonySession, 404: ok(errorBody, "No such document") },
}, async ({ tx, context, params }) => {
  await recordDocumentViewed(tx, context, params.documentId);
  return new Response(null, { status: 204 });
});

export * from "@/lib/http/method-not-allowed";
