import { signerVerificationStatus } from "@/lib/esign/signing/verification/email-otp";
import { signingSessionOf } from "@/lib/esign/signing/session";
import { publicRoute } from "@/lib/http/api-handler";
import { CEREMONY_AUTHENTICATION, noCeremonySession, ok } from "@/lib/api/openapi/operation";
import { signerVerificationStatus as signerVerificationStatusSchema } from "@/lib/api/signing-verification";

/** The ceremony's own (session cookie, no API key): whether the signer must be verified, and where they stand. */
export const GET = publicRoute({
  params: ["packageId"],
  tag: "Signing ceremony",
  summary: "Whether the signer must be verified before signing, and where they stand",
  description: CEREMONY_AUTHENTICATION,
  responses: { 200: ok(signerVerificationStatusSchema), 401: noCeremonySession },
}, async ({ request, params, db }) => {
  const session = await signingSessionOf(request, params.packageId);
  return signerVerificationStatus(db, session);
});

export * from "@/lib/http/method-not-allowed";
