import { approvalResponse, approvalUpdate } from "@/lib/api/packages";
import { deleteApproval, updateApproval } from "@/lib/esign/approvals/approval-changes";
import { getApproval } from "@/lib/esign/packages/get-package-content";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { noContent } from "@/lib/http/responses";
import { noBody, ok } from "@/lib/api/openapi/operation";

export const GET = apiRoute({ params: ["packageId", "documentId", "approvalId"], tag: "Approvals and fields", summary: "Read an approval", permission: PERMISSIONS.transaction, responses: { 200: ok(approvalResponse) } }, async ({ db, caller, params }) => {
  return getApproval(db, caller, params, params.approvalId);
});

export const PUT = apiRoute({ params: ["packageId", "documentId", "approvalId"], tag: "Approvals and fields", summary: "Update an approval", permission: PERMISSIONS.transaction, body: { schema: approvalUpdate }, responses: { 200: ok(approvalResponse) } }, async ({ db, caller, params, body }) => {
  return updateApproval(db, caller, params, params.approvalId, body);
});

export const DELETE = apiRoute({ params: ["packageId", "documentId", "approvalId"], tag: "Approvals and fields", summary: "Delete an approval and its fields", permission: PERMISSIONS.transaction, responses: { 204: noBody } }, async ({ db, caller, params }) => {
  await deleteApproval(db, caller, params, params.approvalId);
  return noContent();
});

export * from "@/lib/http/method-not-allowed";
