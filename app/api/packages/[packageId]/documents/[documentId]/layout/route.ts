import { applyLayoutQuery } from "@/lib/api/layouts";
import { applyLayout } from "@/lib/esign/layouts/layouts";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { parseWith } from "@/lib/http/request-body";

type Params = { packageId: string; documentId: string };

/** The layout's signatures and fields onto the document (`?layoutId=` or `?layoutName=`). */
export const POST = apiRoute<Params>({ permission: PERMISSIONS.transaction }, async ({ request, db, caller, params }) => {
  const which = parseWith(applyLayoutQuery, Object.fromEntries(new URL(request.url).searchParams), "query");
  return applyLayout(db, caller, params.packageId, params.documentId, which);
});
