import { approvalUpdate } from "@/lib/api/packages";
import { deleteApproval, updateApproval } from "@/lib/esign/approvals/approval-changes";
import { getApproval } from "@/lib/esign/packages/get-package-content";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { readJsonWith } from "@/lib/http/request-body";
import { noContent } from "@/lib/http/responses";

type Params = { packageId: string; documentId: string; approvalId: string };
const permission = { permission: PERMISSIONS.transaction };

export const GET = apiRoute<Params>(permission, async ({ db, caller, params }) => {
  return getApproval(db, caller, params, params.approvalId);
});

export const PUT = apiRoute<Params>(permission, async ({ request, db, caller, params }) => {
  return updateApproval(db, caller, params, params.approvalId, await readJsonWith(request, approvalUpdate));
});

export const DELETE = apiRoute<Params>(permission, async ({ db, caller, params }) => {
  await deleteApproval(db, caller, params, params.approvalId);
  return noContent();
});
