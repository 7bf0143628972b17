import { conditionalFieldInput } from "@/lib/api/packages";
import { updateFieldConditions } from "@/lib/esign/approvals/approval-changes";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { noContent } from "@/lib/http/responses";
import { noBody } from "@/lib/api/openapi/operation";

/** The conditions that test the field, in place of those it had (the SDKs' ConditionalField). */
export const PUT = apiRoute({
  params: ["packageId", "documentId", "approvalId", "fieldId"],
  tag: "Approvals and fields",
  summary: "Set the conditions that test a field (replacing those it had; an empty list removes them)",
  permission: PERMISSIONS.transaction,
  body: { schema: conditionalFieldInput },
  responses: { 204: noBody },
}, async ({ db, caller, params, body }) => {
  await updateFieldConditions(db, caller, params, params.approvalId, params.fieldId, body);
  return noContent();
});

export * from "@/lib/http/method-not-allowed";
