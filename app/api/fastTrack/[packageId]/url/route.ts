import { fastTrackUrlQuery } from "@/lib/api/fast-track";
import { fastTrackUrl } from "@/lib/esign/fast-track/fast-track";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { parseWith } from "@/lib/http/request-body";

type Params = { packageId: string };

/** The template's fast track link (`signing=true`: whoever opens it signs; `false`: it makes a draft). */
export const GET = apiRoute<Params>({ permission: PERMISSIONS.transaction }, async ({ request, db, caller, params }) => {
  const { signing } = parseWith(fastTrackUrlQuery, Object.fromEntries(new URL(request.url).searchParams), "query");
  return fastTrackUrl(db, caller, params.packageId, signing);
});
