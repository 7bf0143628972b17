import { notarialCertificateAdoption } from "@/lib/api/signing";
import { wireDate } from "@/lib/api/wire";
import { adoptNotarialCertificate } from "@/lib/esign/notary/adopt-notarial-certificate";
import { json } from "@/lib/http/responses";
import { signerRoute } from "@/lib/http/signer-route";
import { CEREMONY_AUTHENTICATION, errorBody, noCeremonySession, notSent, ok } from "@/lib/api/openapi/operation";

/** The notary adopts the notarial certificate, their step before signing (NOTARY_CERTIFICATE_ADOPT). */
export const POST = signerRoute({
  params: ["packageId"],
  tag: "Signing ceremony",
  summary: "The notary adopts the notarial certificate for every document (NOTARY_CERTIFICATE_ADOPT); needed before the notary signs",
  description: CEREMONY_AUTHENTICATION,
  responses: {
    200: ok(notarialCertificateAdoption),
    401: noCeremonySession,
    403: ok(errorBody, "The signer is not the notary of a notarized package (`error.forbidden.notNotary`)"),
    409: notSent,
  },
}, async ({ tx, context }) => {
  const adopted = await adoptNotarialCertificate(tx, context);
  return json({ adopted: wireDate(adopted) });
});

export * from "@/lib/http/method-not-allowed";
