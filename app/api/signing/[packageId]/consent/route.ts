import { acceptConsent } from "@/lib/esign/signing/ceremony/accept-consent";
import { signerRoute } from "@/lib/http/signer-route";
import { CEREMONY_AUTHENTICATION, noBody, noCeremonySession, notSent } from "@/lib/api/openapi/operation";

/** The signer accepts the consent document. */
export const POST = signerRoute({
  params: ["packageId"],
  tag: "Signing ceremony",
  summary: "Accept the consent document (DOCUMENT_SIGNED for default-consent)",
  description: CEREMONY_AUTHENTICATION,
  responses: { 204: noBody, 401: noCeremonySession, 409: notSent },
}, async ({ tx, context }) => {
  await acceptConsent(tx, context);
  return new Response(null, { status: 204 });
});

export * from "@/lib/http/method-not-allowed";
