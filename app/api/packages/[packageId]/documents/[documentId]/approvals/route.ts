import { approvalInput } from "@/lib/api/packages";
import { addApproval, readApprovals } from "@/lib/esign/approvals/approval-changes";
import { findPackage } from "@/lib/esign/packages/find-package";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { readJsonWith } from "@/lib/http/request-body";

type Params = { packageId: string; documentId: string };
const permission = { permission: PERMISSIONS.transaction };

export const GET = apiRoute<Params>(permission, async ({ db, caller, params }) => {
  await findPackage(db, caller, params.packageId);
  const results = await readApprovals(db, params);
  return { results, count: results.length };
});

export const POST = apiRoute<Params>(permission, async ({ request, db, caller, params }) => {
  return addApproval(db, caller, params, await readJsonWith(request, approvalInput));
});
