import { documentResponse, documentUpdate } from "@/lib/api/packages";
import { deleteDocument, updateDocument } from "@/lib/esign/documents/document-changes";
import { getDocument } from "@/lib/esign/packages/get-package-content";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { readJsonWith } from "@/lib/http/request-body";
import { noContent } from "@/lib/http/responses";
import { noBody, ok } from "@/lib/api/openapi/operation";

type Params = { packageId: string; documentId: string };

export const GET = apiRoute<Params>({ tag: "Documents", summary: "Read a document", permission: PERMISSIONS.transaction, responses: { 200: ok(documentResponse) } }, async ({ db, caller, params }) => {
  return getDocument(db, caller, params.packageId, params.documentId);
});

const update = (contract: Parameters<typeof apiRoute>[0]) =>
  apiRoute<Params>(contract, async ({ request, db, caller, params }) => {
    return updateDocument(db, caller, params.packageId, params.documentId, await readJsonWith(request, documentUpdate));
  });
export const PUT = update({ tag: "Documents", summary: "Update a document of a draft", permission: PERMISSIONS.transaction, body: { schema: documentUpdate }, responses: { 200: ok(documentResponse) } });
export const POST = update({ tag: "Documents", summary: "Update a document of a draft (as PUT)", permission: PERMISSIONS.transaction, body: { schema: documentUpdate }, responses: { 200: ok(documentResponse) } });

export const DELETE = apiRoute<Params>({ tag: "Documents", summary: "Delete a document of a draft", permission: PERMISSIONS.transaction, responses: { 204: noBody } }, async ({ db, caller, params }) => {
  await deleteDocument(db, caller, params.packageId, params.documentId);
  return noContent();
});

export * from "@/lib/http/method-not-allowed";
