import { fieldInput } from "@/lib/api/packages";
import { addField } from "@/lib/esign/approvals/approval-changes";
import { getFields } from "@/lib/esign/packages/get-package-content";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { readJsonWith } from "@/lib/http/request-body";

type Params = { packageId: string; documentId: string; approvalId: string };
const permission = { permission: PERMISSIONS.transaction };

export const GET = apiRoute<Params>(permission, async ({ db, caller, params }) => {
  const results = await getFields(db, caller, params, params.approvalId);
  return { results, count: results.length };
});

export const POST = apiRoute<Params>(permission, async ({ request, db, caller, params }) => {
  return addField(db, caller, params, params.approvalId, await readJsonWith(request, fieldInput));
});
