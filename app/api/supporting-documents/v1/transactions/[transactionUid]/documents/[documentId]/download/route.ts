import { downloadSupportingDocument, supportingDocumentId } from "@/lib/esign/supporting-documents/supporting-documents";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { ok } from "@/lib/api/openapi/operation";
import { z } from "zod";


/** One supporting document as `{documentName, content (base64), mediaType}`, as the SDKs read it. */
export const GET = apiRoute({
  params: ["transactionUid", "documentId"],
  tag: "Supporting documents",
  summary: "One supporting document: {documentName, content (base64), mediaType}",
  permission: PERMISSIONS.transaction,
  responses: { 200: ok(z.object({ documentName: z.string(), content: z.string(), mediaType: z.string() })) },
}, async ({ db, caller, params }) =>
  downloadSupportingDocument(db, caller, params.transactionUid, supportingDocumentId(params.documentId)),
);

export * from "@/lib/http/method-not-allowed";
