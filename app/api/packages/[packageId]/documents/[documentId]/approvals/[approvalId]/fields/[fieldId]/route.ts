import { fieldUpdate } from "@/lib/api/packages";
import { deleteField, updateField } from "@/lib/esign/approvals/approval-changes";
import { getField } from "@/lib/esign/packages/get-package-content";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { readJsonWith } from "@/lib/http/request-body";
import { noContent } from "@/lib/http/responses";

type Params = { packageId: string; documentId: string; approvalId: string; fieldId: string };
const permission = { permission: PERMISSIONS.transaction };

export const GET = apiRoute<Params>(permission, async ({ db, caller, params }) => {
  return getField(db, caller, params, params.approvalId, params.fieldId);
});

export const PUT = apiRoute<Params>(permission, async ({ request, db, caller, params }) => {
  return updateField(db, caller, params, params.approvalId, params.fieldId, await readJsonWith(request, fieldUpdate));
});

export const DELETE = apiRoute<Params>(permission, async ({ db, caller, params }) => {
  await deleteField(db, caller, params, params.approvalId, params.fieldId);
  return noContent();
});
