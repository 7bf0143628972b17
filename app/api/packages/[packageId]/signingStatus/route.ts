import { signingStatusQuery } from "@/lib/api/signing-entry";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { signingStatusOf } from "@/lib/esign/signing/signing-status";
import { apiRoute } from "@/lib/http/api-handler";
import { parseWith } from "@/lib/http/request-body";

type Params = { packageId: string };

/** `{status}`: the package's, or with `signer` / `document` whether that signer or document is signed. */
export const GET = apiRoute<Params>({ permission: PERMISSIONS.transaction }, async ({ request, db, caller, params }) => {
  const query = parseWith(signingStatusQuery, Object.fromEntries(new URL(request.url).searchParams), "query");
  return { status: await signingStatusOf(db, caller, params.packageId, query) };
});
