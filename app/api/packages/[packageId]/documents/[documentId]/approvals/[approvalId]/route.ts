import { approvalUpdate } from "@/lib/api/packages";
import { deleteApproval, readApproval, updateApproval } from "@/lib/esign/approvals/approval-changes";
import { findPackage } from "@/lib/esign/packages/find-package";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { readJsonWith } from "@/lib/http/request-body";
import { noContent } from "@/lib/http/responses";

type Params = { packageId: string; documentId: string; approvalId: string };
const permission = { permission: PERMISSIONS.transaction };

export const GET = apiRoute<Params>(permission, async ({ db, caller, params }) => {
  await findPackage(db, caller, params.packageId);
  return readApproval(db, params, params.approvalId);
});

export const PUT = apiRoute<Params>(permission, async ({ request, db, caller, params }) => {
  return updateApproval(db, caller, params, params.approvalId, await readJsonWith(request, approvalUpdate));
});

export const DELETE = apiRoute<Params>(permission, async ({ db, caller, params }) => {
  await deleteApproval(db, caller, params, params.approvalId);
  return noContent();
});
