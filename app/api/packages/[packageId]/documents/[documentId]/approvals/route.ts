import { approvalInput } from "@/lib/api/packages";
import { z } from "zod";
import { addApproval, replaceApprovals } from "@/lib/esign/approvals/approval-changes";
import { getApprovals } from "@/lib/esign/packages/get-package-content";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { readJsonWith } from "@/lib/http/request-body";

type Params = { packageId: string; documentId: string };
const permission = { permission: PERMISSIONS.transaction };

export const GET = apiRoute<Params>(permission, async ({ db, caller, params }) => {
  const results = await getApprovals(db, caller, params);
  return { results, count: results.length };
});

export const POST = apiRoute<Params>(permission, async ({ request, db, caller, params }) => {
  return addApproval(db, caller, params, await readJsonWith(request, approvalInput));
});

/** The document's approvals replaced by the array given, on a draft (the SDKs' updateSignatures). */
export const PUT = apiRoute<Params>(permission, async ({ request, db, caller, params }) => {
  const results = await replaceApprovals(db, caller, params, await readJsonWith(request, z.array(approvalInput).max(1000)));
  return { results, count: results.length };
});
