import { fieldResponse, fieldUpdate } from "@/lib/api/packages";
import { deleteField, updateField } from "@/lib/esign/approvals/approval-changes";
import { getField } from "@/lib/esign/packages/get-package-content";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { readJsonWith } from "@/lib/http/request-body";
import { noContent } from "@/lib/http/responses";
import { noBody, ok } from "@/lib/api/openapi/operation";

type Params = { packageId: string; documentId: string; approvalId: string; fieldId: string };

export const GET = apiRoute<Params>({ tag: "Approvals and fields", summary: "Read a field", permission: PERMISSIONS.transaction, responses: { 200: ok(fieldResponse) } }, async ({ db, caller, params }) => {
  return getField(db, caller, params, params.approvalId, params.fieldId);
});

export const PUT = apiRoute<Params>({ tag: "Approvals and fields", summary: "Move or change a field", permission: PERMISSIONS.transaction, body: { schema: fieldUpdate }, responses: { 200: ok(fieldResponse) } }, async ({ request, db, caller, params }) => {
  return updateField(db, caller, params, params.approvalId, params.fieldId, await readJsonWith(request, fieldUpdate));
});

export const DELETE = apiRoute<Params>({ tag: "Approvals and fields", summary: "Delete a field", permission: PERMISSIONS.transaction, responses: { 204: noBody } }, async ({ db, caller, params }) => {
  await deleteField(db, caller, params, params.approvalId, params.fieldId);
  return noContent();
});

export * from "@/lib/http/method-not-allowed";
