import { approvalInput, approvalResponse } from "@/lib/api/packages";
import { z } from "zod";
import { addApproval, replaceApprovals } from "@/lib/esign/approvals/approval-changes";
import { getApprovals } from "@/lib/esign/packages/get-package-content";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { listOf, ok } from "@/lib/api/openapi/operation";

const approvalList = z.array(approvalInput).max(1000);

export const GET = apiRoute({ params: ["packageId", "documentId"], tag: "Approvals and fields", summary: "List a document's approvals", permission: PERMISSIONS.transaction, responses: { 200: ok(listOf(approvalResponse)) } }, async ({ db, caller, params }) => {
  const results = await getApprovals(db, caller, params);
  return { results, count: results.length };
});

export const POST = apiRoute({ params: ["packageId", "documentId"], tag: "Approvals and fields", summary: "Add an approval with its fields", permission: PERMISSIONS.transaction, body: { schema: approvalInput }, responses: { 200: ok(approvalResponse) } }, async ({ db, caller, params, body }) => {
  return addApproval(db, caller, params, body);
});

/** The document's approvals replaced by the array given, on a draft (the SDKs' updateSignatures). */
export const PUT = apiRoute({
  params: ["packageId", "documentId"],
  tag: "Approvals and fields",
  summary: "Replace the document's approvals and fields of a draft (the SDKs' updateSignatures)",
  permission: PERMISSIONS.transaction,
  body: { schema: approvalList },
  responses: { 200: ok(listOf(approvalResponse)) },
}, async ({ db, caller, params, body }) => {
  const results = await replaceApprovals(db, caller, params, body);
  return { results, count: results.length };
});

export * from "@/lib/http/method-not-allowed";
