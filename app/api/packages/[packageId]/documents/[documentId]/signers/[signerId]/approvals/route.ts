import { getSignableApprovals } from "@/lib/esign/packages/get-package-content";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { ok } from "@/lib/api/openapi/operation";
import { z } from "zod";
import { approvalResponse } from "@/lib/api/packages";

/** The signer's approvals on the document not yet signed, a bare array (the SDKs' signable signatures). */
export const GET = apiRoute({
  params: ["packageId", "documentId", "signerId"],
  tag: "Approvals and fields",
  summary: "The signer's approvals on the document not yet signed (disabled ones included), a bare array",
  description: "signerId is the role id, its signer's id or e-mail.",
  permission: PERMISSIONS.transaction,
  responses: { 200: ok(z.array(approvalResponse)) },
}, async ({ db, caller, params }) =>
  getSignableApprovals(db, caller, { packageId: params.packageId, documentId: params.documentId }, params.signerId),
);

export * from "@/lib/http/method-not-allowed";
