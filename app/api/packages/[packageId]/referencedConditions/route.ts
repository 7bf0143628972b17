import { referencedConditionsQuery } from "@/lib/api/packages";
import { getReferencedConditions } from "@/lib/esign/packages/get-package-content";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { parseWith } from "@/lib/http/request-body";

type Params = { packageId: string };

/** Which fields the package's conditions name, by document and field (filtered by `documentId`, `fieldId`). */
export const GET = apiRoute<Params>({ permission: PERMISSIONS.transaction }, async ({ request, db, caller, params }) =>
  getReferencedConditions(db, caller, params.packageId, parseWith(referencedConditionsQuery, Object.fromEntries(new URL(request.url).searchParams), "query")),
);
