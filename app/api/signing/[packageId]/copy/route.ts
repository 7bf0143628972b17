import { ceremonyCopyOffer } from "@/lib/esign/signing/copies/ceremony-copy-offer";
import { signingSessionOf } from "@/lib/esign/signing/session";
import { publicRoute } from "@/lib/http/api-handler";

/**
 * The ceremony's last page asks for the signer's copy: WAITING (others still sign), SEALING, or
 * READY with a new download link of the signer. A POST: each READY answer makes a link.
 */
export const POST = publicRoute<{ packageId: string }>(async ({ request, params, db }) => {
  const session = await signingSessionOf(request, params.packageId, "json", true);
  return ceremonyCopyOffer(db, session);
});
