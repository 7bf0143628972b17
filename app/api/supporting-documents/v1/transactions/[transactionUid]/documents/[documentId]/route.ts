import { deleteSupportingDocument, renameSupportingDocument, supportingDocumentId } from "@/lib/esign/supporting-documents/supporting-documents";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { readJson } from "@/lib/http/request-body";
import { noContent } from "@/lib/http/responses";
import { z } from "zod";
import { noBody, ok, supportingDocument } from "@/lib/api/openapi/operation";


/** A new name: `{"fileName": "…"}` (the extension kept when the name has none). */
// The body is read by the service, which takes `documentName` too and answers its own message.
export const PUT = apiRoute({ params: ["transactionUid", "documentId"], tag: "Supporting documents", summary: 'Rename a supporting document: {"fileName": "…"} (the extension kept when the name has none)', permission: PERMISSIONS.transaction, body: { schema: z.object({ fileName: z.string() }), readByHandler: true }, responses: { 200: ok(supportingDocument) } }, async ({ request, db, caller, params }) =>
  renameSupportingDocument(db, caller, params.transactionUid, supportingDocumentId(params.documentId), await readJson(request)),
);

export const DELETE = apiRoute({ params: ["transactionUid", "documentId"], tag: "Supporting documents", summary: "Delete a supporting document", permission: PERMISSIONS.transaction, responses: { 204: noBody } }, async ({ db, caller, params }) => {
  await deleteSupportingDocument(db, caller, params.transactionUid, supportingDocumentId(params.documentId));
  return noContent();
});

export * from "@/lib/http/method-not-allowed";
