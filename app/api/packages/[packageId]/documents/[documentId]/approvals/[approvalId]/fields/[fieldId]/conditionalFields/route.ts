import { conditionalFieldInput } from "@/lib/api/packages";
import { updateFieldConditions } from "@/lib/esign/approvals/approval-changes";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { readJsonWith } from "@/lib/http/request-body";
import { noContent } from "@/lib/http/responses";

type Params = { packageId: string; documentId: string; approvalId: string; fieldId: string };

/** The conditions that test the field, in place of those it had (the SDKs' ConditionalField). */
export const PUT = apiRoute<Params>({ permission: PERMISSIONS.transaction }, async ({ request, db, caller, params }) => {
  await updateFieldConditions(db, caller, params, params.approvalId, params.fieldId, await readJsonWith(request, conditionalFieldInput));
  return noContent();
});
