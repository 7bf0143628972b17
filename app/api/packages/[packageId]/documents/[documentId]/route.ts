import { documentUpdate } from "@/lib/api/packages";
import { deleteDocument, updateDocument } from "@/lib/esign/documents/document-changes";
import { getDocument } from "@/lib/esign/packages/get-package-content";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { readJsonWith } from "@/lib/http/request-body";
import { noContent } from "@/lib/http/responses";

type Params = { packageId: string; documentId: string };
const permission = { permission: PERMISSIONS.transaction };

export const GET = apiRoute<Params>(permission, async ({ db, caller, params }) => {
  return getDocument(db, caller, params.packageId, params.documentId);
});

const update = apiRoute<Params>(permission, async ({ request, db, caller, params }) => {
  return updateDocument(db, caller, params.packageId, params.documentId, await readJsonWith(request, documentUpdate));
});
export const PUT = update;
export const POST = update;

export const DELETE = apiRoute<Params>(permission, async ({ db, caller, params }) => {
  await deleteDocument(db, caller, params.packageId, params.documentId);
  return noContent();
});
