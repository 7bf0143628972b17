import { documentIdList, orderChange } from "@/lib/api/packages";
import { addDocuments, deleteDocuments, reorderDocuments } from "@/lib/esign/documents/document-changes";
import { getDocuments } from "@/lib/esign/packages/get-package-content";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { readPayloadAndFiles } from "@/lib/http/package-upload";
import { readJsonWith } from "@/lib/http/request-body";
import { noContent } from "@/lib/http/responses";

type Params = { packageId: string };
const permission = { permission: PERMISSIONS.transaction };

export const GET = apiRoute<Params>(permission, async ({ db, caller, params }) => {
  const results = await getDocuments(db, caller, params.packageId);
  return { results, count: results.length };
});

/**
 * Adds documents to a draft: multipart with a `payload` (one document or an array) and a `file`
 * part each. Answers as the SDKs parse it: the Document for one, a bare array for an array.
 */
export const POST = apiRoute<Params>(permission, async ({ request, db, caller, params }) => {
  const { payload, files } = await readPayloadAndFiles(request);
  const added = await addDocuments(db, caller, params.packageId, payload, files);
  return Array.isArray(payload) ? added : added[0];
});

/** The document order `[{id, index}]`, only while the package is a draft. */
export const PUT = apiRoute<Params>(permission, async ({ request, db, caller, params }) => {
  const results = await reorderDocuments(db, caller, params.packageId, await readJsonWith(request, orderChange));
  return { results, count: results.length };
});

/** Several documents of a draft at once, `["documentId", …]`, all or none (the SDKs' deleteDocuments). */
export const DELETE = apiRoute<Params>(permission, async ({ request, db, caller, params }) => {
  await deleteDocuments(db, caller, params.packageId, await readJsonWith(request, documentIdList));
  return noContent();
});
