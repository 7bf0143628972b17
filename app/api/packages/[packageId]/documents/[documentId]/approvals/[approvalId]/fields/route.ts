import { fieldInput, fieldResponse } from "@/lib/api/packages";
import { addField } from "@/lib/esign/approvals/approval-changes";
import { getFields } from "@/lib/esign/packages/get-package-content";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { listOf, ok } from "@/lib/api/openapi/operation";

export const GET = apiRoute({ params: ["packageId", "documentId", "approvalId"], tag: "Approvals and fields", summary: "List an approval's fields", permission: PERMISSIONS.transaction, responses: { 200: ok(listOf(fieldResponse)) } }, async ({ db, caller, params }) => {
  const results = await getFields(db, caller, params, params.approvalId);
  return { results, count: results.length };
});

export const POST = apiRoute({
  params: ["packageId", "documentId", "approvalId"],
  tag: "Approvals and fields",
  summary: "Add a field",
  description: "Positions are PDF points from the page's top-left corner; a field that does not fit on its page is refused.",
  permission: PERMISSIONS.transaction,
  body: { schema: fieldInput },
  responses: { 200: ok(fieldResponse) },
}, async ({ db, caller, params, body }) => {
  return addField(db, caller, params, params.approvalId, body);
});

export * from "@/lib/http/method-not-allowed";
