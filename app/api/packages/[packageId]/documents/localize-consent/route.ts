import { consentLocalizationRequest, consentLocalizationResponse } from "@/lib/api/consent";
import { localizeConsent } from "@/lib/esign/documents/localize-consent";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { errorBody, ok } from "@/lib/api/openapi/operation";

/** The package's consent document in another language (the original's consent localisation). */
export const POST = apiRoute({
  params: ["packageId"],
  tag: "Documents",
  summary: "The consent document in another language",
  description:
    "Replaces the package's consent document (`default-consent`) with the built-in one in `language`: en, fr, de, es, it, nl or pt (a region, `fr-CA`, reads as its language). The package's own language does not change. Only the package's owner or the account owner, while it is a draft or out for signing and before any signer has accepted the consent. `accountId` in the answer is `esignlive`, as the original names its built-in wording.",
  permission: PERMISSIONS.transaction,
  body: { schema: consentLocalizationRequest },
  responses: {
    200: ok(consentLocalizationResponse),
    400: ok(errorBody, "A language the consent is not written in (error.validation.consentLanguage)"),
    409: ok(errorBody, "A signer accepted the consent already, or the package is completed, in the trash or otherwise final"),
  },
}, async ({ db, caller, params, body }) => {
  return localizeConsent(db, caller, params.packageId, body);
});

export * from "@/lib/http/method-not-allowed";
