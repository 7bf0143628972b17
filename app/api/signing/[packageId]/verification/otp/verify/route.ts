import { oneTimeCodeEntry, signerVerificationStatus } from "@/lib/api/signing-verification";
import { verifyOneTimeCode } from "@/lib/esign/signing/verification/email-otp";
import { signingSessionOf } from "@/lib/esign/signing/session";
import { publicRoute } from "@/lib/http/api-handler";
import { CEREMONY_AUTHENTICATION, errorBody, signerLocked, noCeremonySession, ok } from "@/lib/api/openapi/operation";
import { readJsonWith } from "@/lib/http/request-body";

/** The ceremony's own (session cookie, no API key): checks the code the signer entered. */
export const POST = publicRoute({
  params: ["packageId"],
  tag: "Signing ceremony",
  summary: "Check the code the signer entered",
  description: `${CEREMONY_AUTHENTICATION} The right code verifies the signer. A wrong one answers 400 \`error.validation.wrongOneTimeCode\` with \`entity.attemptsLeft\`; the fifth wrong one locks the signer (SIGNER_LOCKED, the sender is e-mailed). An expired code answers 400 \`error.validation.oneTimeCodeExpired\`.`,
  // Read by the handler once the session is checked: no session is a 401 whatever the body.
  body: { schema: oneTimeCodeEntry, readByHandler: true },
  responses: {
    200: ok(signerVerificationStatus),
    401: noCeremonySession,
    403: signerLocked,
    409: ok(errorBody, "No code is waiting (ask for one first), the role is not verified by EMAIL_OTP, or the package is no longer SENT"),
  },
}, async ({ request, params, db }) => {
  const session = await signingSessionOf(request, params.packageId);
  const { code } = await readJsonWith(request, oneTimeCodeEntry);
  return verifyOneTimeCode(db, session, code);
});

export * from "@/lib/http/method-not-allowed";
