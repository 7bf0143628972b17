import { fieldResponse, fieldUpdate } from "@/lib/api/packages";
import { deleteField, updateField } from "@/lib/esign/approvals/approval-changes";
import { getField } from "@/lib/esign/packages/get-package-content";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { noContent } from "@/lib/http/responses";
import { noBody, ok } from "@/lib/api/openapi/operation";

export const GET = apiRoute({ params: ["packageId", "documentId", "approvalId", "fieldId"], tag: "Approvals and fields", summary: "Read a field", permission: PERMISSIONS.transaction, responses: { 200: ok(fieldResponse) } }, async ({ db, caller, params }) => {
  return getField(db, caller, params, params.approvalId, params.fieldId);
});

export const PUT = apiRoute({ params: ["packageId", "documentId", "approvalId", "fieldId"], tag: "Approvals and fields", summary: "Move or change a field", permission: PERMISSIONS.transaction, body: { schema: fieldUpdate }, responses: { 200: ok(fieldResponse) } }, async ({ db, caller, params, body }) => {
  return updateField(db, caller, params, params.approvalId, params.fieldId, body);
});

export const DELETE = apiRoute({ params: ["packageId", "documentId", "approvalId", "fieldId"], tag: "Approvals and fields", summary: "Delete a field", permission: PERMISSIONS.transaction, responses: { 204: noBody } }, async ({ db, caller, params }) => {
  await deleteField(db, caller, params, params.approvalId, params.fieldId);
  return noContent();
});

export * from "@/lib/http/method-not-allowed";
