import { sendOneTimeCode } from "@/lib/esign/signing/verification/email-otp";
import { signingSessionOf } from "@/lib/esign/signing/session";
import { publicRoute } from "@/lib/http/api-handler";
import { CEREMONY_AUTHENTICATION, errorBody, signerLocked, noCeremonySession, ok } from "@/lib/api/openapi/operation";
import { oneTimeCodeSent } from "@/lib/api/signing-verification";

/** The ceremony's own (session cookie, no API key): e-mails the signer a new one-time code. */
export const POST = publicRoute({
  params: ["packageId"],
  tag: "Signing ceremony",
  summary: "E-mail the signer a six-digit code (EMAIL_OTP), valid for 10 minutes",
  description: `${CEREMONY_AUTHENTICATION} A new code replaces the one before. At most one every 30 seconds (429, with \`entity.retryAfterSeconds\`). Wrong codes are counted across codes: asking for another does not reset them.`,
  responses: {
    200: ok(oneTimeCodeSent),
    401: noCeremonySession,
    403: signerLocked,
    409: ok(errorBody, "The role is not verified by EMAIL_OTP, is already verified, or the package is no longer SENT"),
    429: ok(errorBody, "A code was sent less than 30 seconds ago"),
  },
}, async ({ request, params, db }) => {
  const session = await signingSessionOf(request, params.packageId);
  return sendOneTimeCode(db, session);
});

export * from "@/lib/http/method-not-allowed";
