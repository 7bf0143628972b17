import { signingStatusQuery, signingStatusResponse } from "@/lib/api/signing-entry";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { signingStatusOf } from "@/lib/esign/signing/signing-status";
import { apiRoute } from "@/lib/http/api-handler";
import { parseWith } from "@/lib/http/request-body";
import { ok } from "@/lib/api/openapi/operation";

type Params = { packageId: string };

/** `{status}`: the package's, or with `signer` / `document` whether that signer or document is signed. */
export const GET = apiRoute<Params>({
  tag: "Signing",
  summary: "The signing status of the package, a signer or a document",
  description: "DRAFT, SIGNING_PENDING, SIGNING_COMPLETED, COMPLETED, ARCHIVED, DECLINED, OPTED_OUT, EXPIRED, or DELETED for a trashed package.",
  permission: PERMISSIONS.transaction,
  query: signingStatusQuery,
  responses: { 200: ok(signingStatusResponse) },
}, async ({ request, db, caller, params }) => {
  const query = parseWith(signingStatusQuery, Object.fromEntries(new URL(request.url).searchParams), "query");
  return { status: await signingStatusOf(db, caller, params.packageId, query) };
});

export * from "@/lib/http/method-not-allowed";
