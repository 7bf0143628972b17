import { oneTimeCodeEntry, oneTimeCodeSent, signerVerificationStatus } from "../signing-verification";
import { errorResponse, ok, type Operation, CEREMONY_AUTHENTICATION, noCeremonySession } from "./operation";

const verification = "/api/signing/{packageId}/verification";
const locked = ok(errorResponse, "The signer is locked after too many wrong codes (`error.forbidden.signerLocked`) until the sender unlocks them");

/** A signer's verification in the ceremony (spec 2.5): the e-mail one-time code. */
export const signingVerificationOperations: Operation[] = [
  {
    method: "get",
    path: verification,
    tag: "Signing ceremony",
    summary: "Whether the signer must be verified before signing, and where they stand",
    description: CEREMONY_AUTHENTICATION,
    permission: "public",
    responses: { 200: ok(signerVerificationStatus), 401: noCeremonySession },
  },
  {
    method: "post",
    path: `${verification}/otp`,
    tag: "Signing ceremony",
    summary: "E-mail the signer a six-digit code (EMAIL_OTP), valid for 10 minutes",
    description: `${CEREMONY_AUTHENTICATION} A new code replaces the one before. At most one every 30 seconds (429, with \`entity.retryAfterSeconds\`). Wrong codes are counted across codes: asking for another does not reset them.`,
    permission: "public",
    responses: {
      200: ok(oneTimeCodeSent),
      401: noCeremonySession,
      403: locked,
      409: ok(errorResponse, "The role is not verified by EMAIL_OTP, is already verified, or the package is no longer SENT"),
      429: ok(errorResponse, "A code was sent less than 30 seconds ago"),
    },
  },
  {
    method: "post",
    path: `${verification}/otp/verify`,
    tag: "Signing ceremony",
    summary: "Check the code the signer entered",
    description: `${CEREMONY_AUTHENTICATION} The right code verifies the signer. A wrong one answers 400 \`error.validation.wrongOneTimeCode\` with \`entity.attemptsLeft\`; the fifth wrong one locks the signer (SIGNER_LOCKED, the sender is e-mailed). An expired code answers 400 \`error.validation.oneTimeCodeExpired\`.`,
    permission: "public",
    body: { schema: oneTimeCodeEntry },
    responses: {
      200: ok(signerVerificationStatus),
      401: noCeremonySession,
      403: locked,
      409: ok(errorResponse, "No code is waiting (ask for one first), the role is not verified by EMAIL_OTP, or the package is no longer SENT"),
    },
  },
];
