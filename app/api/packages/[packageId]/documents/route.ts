import { documentIdList, documentInput, documentResponse, orderChange } from "@/lib/api/packages";
import { addDocuments, deleteDocuments, reorderDocuments } from "@/lib/esign/documents/document-changes";
import { getDocuments } from "@/lib/esign/packages/get-package-content";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { readPayloadAndFiles } from "@/lib/http/package-upload";
import { noContent } from "@/lib/http/responses";
import { errorBody, listOf, noBody, ok } from "@/lib/api/openapi/operation";
import { z } from "zod";

export const GET = apiRoute({ params: ["packageId"], tag: "Documents", summary: "List the documents", permission: PERMISSIONS.transaction, responses: { 200: ok(listOf(documentResponse)) } }, async ({ db, caller, params }) => {
  const results = await getDocuments(db, caller, params.packageId);
  return { results, count: results.length };
});

/**
 * Adds documents to a draft: multipart with a `payload` (one document or an array) and a `file`
 * part each. Answers as the SDKs parse it: the Document for one, a bare array for an array.
 */
export const POST = apiRoute({
  params: ["packageId"],
  tag: "Documents",
  summary: "Add documents to a draft",
  description: 'multipart/form-data: a "payload" part (one document, or an array) and one "file" part per document.',
  permission: PERMISSIONS.transaction,
  body: { schema: z.union([documentInput, z.array(documentInput)]), multipart: true },
  responses: { 200: ok(z.union([documentResponse, listOf(documentResponse)])) },
}, async ({ request, db, caller, params }) => {
  const { payload, files } = await readPayloadAndFiles(request);
  const added = await addDocuments(db, caller, params.packageId, payload, files);
  return Array.isArray(payload) ? added : added[0];
});

/** The document order `[{id, index}]`, only while the package is a draft. */
export const PUT = apiRoute({ params: ["packageId"], tag: "Documents", summary: "Change the document order of a draft", permission: PERMISSIONS.transaction, body: { schema: orderChange }, responses: { 200: ok(listOf(documentResponse)) } }, async ({ db, caller, params, body }) => {
  const results = await reorderDocuments(db, caller, params.packageId, body);
  return { results, count: results.length };
});

/** Several documents of a draft at once, `["documentId", …]`, all or none (the SDKs' deleteDocuments). */
export const DELETE = apiRoute({
  params: ["packageId"],
  tag: "Documents",
  summary: "Delete several documents of a draft, all or none",
  description: "The body is the ids of the documents (the SDKs' deleteDocuments). The consent document cannot be deleted (409).",
  permission: PERMISSIONS.transaction,
  body: { schema: documentIdList },
  responses: { 204: noBody, 404: ok(errorBody, "A document the package lacks (nothing is deleted)") },
}, async ({ db, caller, params, body }) => {
  await deleteDocuments(db, caller, params.packageId, body);
  return noContent();
});

export * from "@/lib/http/method-not-allowed";
