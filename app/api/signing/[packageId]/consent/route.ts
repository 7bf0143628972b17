import { acceptConsent } from "@/lib/esign/signing/ceremony/accept-consent";
import { signerRoute } from "@/lib/http/signer-route";

/** The signer accepts the consent document. */
export const POST = signerRoute(async ({ tx, context }) => {
  await acceptConsent(tx, context);
  return new Response(null, { status: 204 });
});
