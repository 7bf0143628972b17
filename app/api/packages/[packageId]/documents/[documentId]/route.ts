import { documentResponse, documentUpdate } from "@/lib/api/packages";
import { deleteDocument, updateDocument } from "@/lib/esign/documents/document-changes";
import { getDocument } from "@/lib/esign/packages/get-package-content";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { noContent } from "@/lib/http/responses";
import { noBody, ok } from "@/lib/api/openapi/operation";

export const GET = apiRoute({ params: ["packageId", "documentId"], tag: "Documents", summary: "Read a document", permission: PERMISSIONS.transaction, responses: { 200: ok(documentResponse) } }, async ({ db, caller, params }) => {
  return getDocument(db, caller, params.packageId, params.documentId);
});

const update = (summary: string) =>
  apiRoute({ params: ["packageId", "documentId"], tag: "Documents", summary, permission: PERMISSIONS.transaction, body: { schema: documentUpdate }, responses: { 200: ok(documentResponse) } }, async ({ db, caller, params, body }) => {
    return updateDocument(db, caller, params.packageId, params.documentId, body);
  });
export const PUT = update("Update a document of a draft");
export const POST = update("Update a document of a draft (as PUT)");

export const DELETE = apiRoute({ params: ["packageId", "documentId"], tag: "Documents", summary: "Delete a document of a draft", permission: PERMISSIONS.transaction, responses: { 204: noBody } }, async ({ db, caller, params }) => {
  await deleteDocument(db, caller, params.packageId, params.documentId);
  return noContent();
});

export * from "@/lib/http/method-not-allowed";
