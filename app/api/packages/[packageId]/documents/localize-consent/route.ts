import { consentLocalizationRequest } from "@/lib/api/consent";
import { localizeConsent } from "@/lib/esign/documents/localize-consent";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { readJsonWith } from "@/lib/http/request-body";

type Params = { packageId: string };

/** The package's consent document in another language (the original's consent localisation). */
export const POST = apiRoute<Params>({ permission: PERMISSIONS.transaction }, async ({ request, db, caller, params }) => {
  return localizeConsent(db, caller, params.packageId, await readJsonWith(request, consentLocalizationRequest));
});
