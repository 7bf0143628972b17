import { sendOneTimeCode } from "@/lib/esign/signing/verification/email-otp";
import { signingSessionOf } from "@/lib/esign/signing/session";
import { publicRoute } from "@/lib/http/api-handler";

/** The ceremony's own (session cookie, no API key): e-mails the signer a new one-time code. */
export const POST = publicRoute<{ packageId: string }>(async ({ request, params, db }) => {
  const session = await signingSessionOf(request, params.packageId);
  return sendOneTimeCode(db, session);
});
