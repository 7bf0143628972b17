import { verifySmsCode } from "@/lib/esign/signing/authentication/authenticate-signer";
import { signingSessionOf } from "@/lib/esign/signing/session";
import { publicRoute } from "@/lib/http/api-handler";
import { CEREMONY_AUTHENTICATION, errorBody, signerLocked, noCeremonySession, ok } from "@/lib/api/openapi/operation";
import { oneTimeCodeEntry } from "@/lib/api/signing-verification";
import { signerAuthenticationStatus } from "@/lib/api/signer-authentication";
import { readJsonWith } from "@/lib/http/request-body";

/** The ceremony's own (session cookie, no API key): checks the code the signer was texted. */
export const POST = publicRoute({
  params: ["packageId"],
  tag: "Signing ceremony",
  summary: "Check the code texted to the signer (auth scheme SMS)",
  description: `${CEREMONY_AUTHENTICATION} The right code authenticates the signer. A wrong one answers 400 \`error.validation.wrongOneTimeCode\` with \`entity.attemptsLeft\`; the fifth locks the signer (SIGNER_LOCKED). An expired code answers 400 \`error.validation.oneTimeCodeExpired\`.`,
  // Read by the handler once the session is checked: no session is a 401 whatever the body.
  body: { schema: oneTimeCodeEntry, readByHandler: true },
  responses: {
    200: ok(signerAuthenticationStatus),
    401: noCeremonySession,
    403: signerLocked,
    409: ok(errorBody, "No code is waiting, the signer is not authenticated by SMS, or the package is no longer SENT"),
  },
}, async ({ request, params, db }) => {
  const session = await signingSessionOf(request, params.packageId);
  const { code } = await readJsonWith(request, oneTimeCodeEntry);
  return verifySmsCode(db, session, code);
});

export * from "@/lib/http/method-not-allowed";
