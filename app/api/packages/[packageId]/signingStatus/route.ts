import { signingStatusQuery, signingStatusResponse } from "@/lib/api/signing-entry";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { signingStatusOf } from "@/lib/esign/signing/signing-status";
import { apiRoute } from "@/lib/http/api-handler";
import { ok } from "@/lib/api/openapi/operation";

/** `{status}`: the package's, or with `signer` / `document` whether that signer or document is signed. */
export const GET = apiRoute({
  params: ["packageId"],
  tag: "Signing",
  summary: "The signing status of the package, a signer or a document",
  description: "DRAFT, SIGNING_PENDING, SIGNING_COMPLETED, COMPLETED, ARCHIVED, DECLINED, OPTED_OUT, EXPIRED, or DELETED for a trashed package.",
  permission: PERMISSIONS.transaction,
  query: signingStatusQuery,
  responses: { 200: ok(signingStatusResponse) },
}, async ({ db, caller, params, query }) => {
  return { status: await signingStatusOf(db, caller, params.packageId, query) };
});

export * from "@/lib/http/method-not-allowed";
