import { referencedConditionsQuery, referencedConditionsResponse } from "@/lib/api/packages";
import { getReferencedConditions } from "@/lib/esign/packages/get-package-content";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { ok } from "@/lib/api/openapi/operation";

/** Which fields the package's conditions name, by document and field (filtered by `documentId`, `fieldId`). */
export const GET = apiRoute({
  params: ["packageId"],
  tag: "Approvals and fields",
  summary: "Which fields the package's conditions name, by document and field",
  description: "Kept and answered; the ceremony does not act on conditions yet (see docs/api.md, Not supported yet).",
  permission: PERMISSIONS.transaction,
  query: referencedConditionsQuery,
  responses: { 200: ok(referencedConditionsResponse) },
}, async ({ db, caller, params, query }) =>
  getReferencedConditions(db, caller, params.packageId, query),
);

export * from "@/lib/http/method-not-allowed";
