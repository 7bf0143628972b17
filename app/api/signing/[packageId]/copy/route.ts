import { ceremonyCopyOffer } from "@/lib/esign/signing/copies/ceremony-copy-offer";
import { signingSessionOf } from "@/lib/esign/signing/session";
import { publicRoute } from "@/lib/http/api-handler";
import { CEREMONY_AUTHENTICATION, errorBody, noCeremonySession, ok } from "@/lib/api/openapi/operation";
import { ceremonyCopyOffer as ceremonyCopyOfferSchema } from "@/lib/api/signing";

/**
 * The ceremony's last page asks for the signer's copy: WAITING (others still sign), SEALING, or
 * READY with a new download link of the signer. A POST: each READY answer makes a link.
 */
export const POST = publicRoute({
  params: ["packageId"],
  tag: "Signing ceremony",
  summary: "The signer's copy: WAITING until the package completes, SEALING while it is sealed, then READY with a new download link of the signer (its page and zip)",
  description: `${CEREMONY_AUTHENTICATION} Answers for a completed package too. The link is the one the SIGNER_COPY e-mail carries: it only downloads, until retention removes the documents.`,
  responses: { 200: ok(ceremonyCopyOfferSchema), 401: noCeremonySession, 409: ok(errorBody, "The package is no longer out for signing and not complete (declined, trashed…)") },
}, async ({ request, params, db }) => {
  const session = await signingSessionOf(request, params.packageId, "json", true);
  return ceremonyCopyOffer(db, session);
});

export * from "@/lib/http/method-not-allowed";
