import { downloadSupportingDocument, supportingDocumentId } from "@/lib/esign/supporting-documents/supporting-documents";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";


type Params = { transactionUid: string; documentId: string };

/** One supporting document as `{documentName, content (base64), mediaType}`, as the SDKs read it. */
export const GET = apiRoute<Params>({ permission: PERMISSIONS.transaction }, async ({ db, caller, params }) =>
  downloadSupportingDocument(db, caller, params.transactionUid, supportingDocumentId(params.documentId)),
);
