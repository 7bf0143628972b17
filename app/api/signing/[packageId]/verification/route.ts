import { signerVerificationStatus } from "@/lib/esign/signing/verification/email-otp";
import { signingSessionOf } from "@/lib/esign/signing/session";
import { publicRoute } from "@/lib/http/api-handler";

/** The ceremony's own (session cookie, no API key): whether the signer must be verified, and where they stand. */
export const GET = publicRoute<{ packageId: string }>(async ({ request, params, db }) => {
  const session = await signingSessionOf(request, params.packageId);
  return signerVerificationStatus(db, session);
});
