import { sendSmsCode } from "@/lib/esign/signing/authentication/authenticate-signer";
import { signingSessionOf } from "@/lib/esign/signing/session";
import { publicRoute } from "@/lib/http/api-handler";
import { CEREMONY_AUTHENTICATION, errorBody, signerLocked, noCeremonySession, ok } from "@/lib/api/openapi/operation";
import { signerAuthenticationStatus } from "@/lib/api/signer-authentication";

/** The ceremony's own (session cookie, no API key): texts the signer a new code (auth scheme SMS). */
export const POST = publicRoute({
  params: ["packageId"],
  tag: "Signing ceremony",
  summary: "Text the signer a six-digit code (auth scheme SMS), valid for 10 minutes",
  description: `${CEREMONY_AUTHENTICATION} Sent through the Twilio Messages API (TWILIO_* settings). A new code replaces the one before; at most one every 30 seconds (429). Wrong codes are counted across codes.`,
  responses: {
    200: ok(signerAuthenticationStatus),
    401: noCeremonySession,
    403: signerLocked,
    409: ok(errorBody, "The signer is not authenticated by SMS, is already authenticated, or the package is no longer SENT"),
    422: ok(errorBody, "No text message provider is configured"),
    429: ok(errorBody, "A code was sent less than 30 seconds ago"),
    502: ok(errorBody, "The text message provider refused the message or did not answer"),
  },
}, async ({ request, params, db }) => {
  const session = await signingSessionOf(request, params.packageId);
  return sendSmsCode(db, session);
});

export * from "@/lib/http/method-not-allowed";
