import { deleteSupportingDocument, renameSupportingDocument, supportingDocumentId } from "@/lib/esign/supporting-documents/supporting-documents";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { readJson } from "@/lib/http/request-body";
import { noContent } from "@/lib/http/responses";


type Params = { transactionUid: string; documentId: string };

/** A new name: `{"fileName": "…"}` (the extension kept when the name has none). */
export const PUT = apiRoute<Params>({ permission: PERMISSIONS.transaction }, async ({ request, db, caller, params }) =>
  renameSupportingDocument(db, caller, params.transactionUid, supportingDocumentId(params.documentId), await readJson(request)),
);

export const DELETE = apiRoute<Params>({ permission: PERMISSIONS.transaction }, async ({ db, caller, params }) => {
  await deleteSupportingDocument(db, caller, params.transactionUid, supportingDocumentId(params.documentId));
  return noContent();
});
