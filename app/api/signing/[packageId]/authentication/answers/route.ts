import { answerChallenges } from "@/lib/esign/signing/authentication/authenticate-signer";
import { signingSessionOf } from "@/lib/esign/signing/session";
import { publicRoute } from "@/lib/http/api-handler";
import { CEREMONY_AUTHENTICATION, errorBody, signerLocked, noCeremonySession, ok } from "@/lib/api/openapi/operation";
import { signerAnswers, signerAuthenticationStatus } from "@/lib/api/signer-authentication";
import { readJsonWith } from "@/lib/http/request-body";

/** The ceremony's own (session cookie, no API key): the signer's answers to the sender's questions (auth CHALLENGE). */
export const POST = publicRoute({
  params: ["packageId"],
  tag: "Signing ceremony",
  summary: "Answer the signer's security questions (auth scheme CHALLENGE)",
  description: `${CEREMONY_AUTHENTICATION} One answer per question, in the order asked; compared trimmed, with runs of spaces as one and without regard to case. All right authenticates the signer; otherwise 400 \`error.validation.wrongSignerAnswers\` with \`entity.attemptsLeft\`, and the fifth wrong attempt locks the signer (SIGNER_LOCKED, the sender is e-mailed and can unlock them).`,
  // Read by the handler once the session is checked: no session is a 401 whatever the body.
  body: { schema: signerAnswers, readByHandler: true },
  responses: {
    200: ok(signerAuthenticationStatus),
    400: ok(errorBody, "Wrong answers (with `entity.attemptsLeft`), or not one answer per question"),
    401: noCeremonySession,
    403: signerLocked,
    409: ok(errorBody, "The signer is not authenticated by questions, or the package is no longer SENT"),
  },
}, async ({ request, params, db }) => {
  const session = await signingSessionOf(request, params.packageId);
  const { answers } = await readJsonWith(request, signerAnswers);
  return answerChallenges(db, session, answers);
});

export * from "@/lib/http/method-not-allowed";
