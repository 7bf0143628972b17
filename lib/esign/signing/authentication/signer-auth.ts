import { createHmac, randomBytes, scryptSync } from "node:crypto";
import { missingSmsSettings } from "@/lib/config";
import { badRequest, forbidden, unprocessable } from "@/lib/esign/errors";
import { verifyPassword } from "@/lib/esign/security/passwords";
import { decryptSecret, encryptSecret } from "@/lib/esign/security/secret-crypto";
import { derivedKey } from "@/lib/esign/security/server-secret";

/**
 * A signer's `auth`, the original's way of making a signer prove who they are before the ceremony
 * shows them anything (its SDK: `Authentication`, `AuthChallenge`, `AuthenticationConverter`).
 *
 * - `NONE`: the link alone (the default).
 * - `CHALLENGE`: questions the sender wrote, each with its answer. Answers are checked against a
 *   salted scrypt hash keyed with the server secret. An answer typed in the clear (`maskInput`
 *   false) is also kept encrypted and answered back to the package's owner, who wrote it, as the
 *   original does (its UpdateSignerExampleTest reads the answers back; its older Q&A test's note
 *   that "the backend doesn't return challenge answers" predates that). A masked answer is never
 *   answered, and no one else (a signer following the package, a manager) reads any.
 * - `SMS`: a one-time code texted to the phone number, which the original carries as the first
 *   challenge's `question` (the SDK's converter reads it from there).
 * - `QASMS`: both, one after the other: the questions (challenges of `challengeType` CHALLENGE),
 *   then a code texted to the phone (the one challenge of `challengeType` SMS, its `question`), as
 *   the SDK's `QASMSBuilder` sends them.
 * - Every other scheme (`KBA`, `SSO`, `PROVIDER`, `SAA`, `ID_VERIFICATION`) needs an identity
 *   provider Signet does not have: refused with 422, never accepted and ignored.
 */

export const AUTH_SCHEMES_ENFORCED = ["NONE", "CHALLENGE", "SMS", "QASMS"] as const;
export type EnforcedScheme = (typeof AUTH_SCHEMES_ENFORCED)[number];

/** A challenge as stored: the question, whether the answer is typed masked, the answer's hash, and an unmasked answer encrypted. */
export interface StoredChallenge {
  question: string;
  maskInput: boolean;
  answerHash?: string;
  /** `encryptSecret` of an answer that is not masked, for its owner to read back. */
  answerSealed?: string;
  /** QASMS only: CHALLENGE for a question, SMS for the phone. */
  challengeType?: "CHALLENGE" | "SMS";
}

export interface StoredAuth {
  scheme: string;
  challenges: StoredChallenge[];
}

interface GivenChallenge {
  question?: unknown;
  answer?: unknown;
  maskInput?: unknown;
  challengeType?: unknown;
}

const SCRYPT = { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

/**
 * How an answer is compared: Unicode-normalised (NFKC), trimmed, runs of white space made one
 * space, and without regard to case, so "  New  York" answers "new york". The original's SDK trims
 * answers before sending them; how its server compares them is not published.
 */
export function normalizeAnswer(answer: string): string {
  return answer.normalize("NFKC").trim().replace(/\s+/gu, " ").toLowerCase();
}

/** The answer keyed with the server secret first, so that a copied database alone cannot test guesses. */
function keyedAnswer(answer: string): string {
  return createHmac("sha256", derivedKey("signer-challenge-answer")).update(normalizeAnswer(answer), "utf8").digest("hex");
}

export function hashAnswer(answer: string): string {
  const salt = randomBytes(16);
  const hash = scryptSync(keyedAnswer(answer), salt, 32, SCRYPT);
  return ["scrypt", SCRYPT.N, SCRYPT.r, SCRYPT.p, salt.toString("base64"), hash.toString("base64")].join("$");
}

export async function answerMatches(answer: string, stored: string | undefined): Promise<boolean> {
  if (!stored) return false;
  return verifyPassword(keyedAnswer(answer), stored);
}

/**
 * The number as the original documents it: spaces, dashes, dots and brackets dropped; exactly ten
 * digits with no leading `+` are North American and get the country code 1 (5551234567 becomes
 * 15551234567). A leading `+` is kept.
 */
export function normalizePhone(phone: string): string {
  const trimmed = phone.trim();
  const plus = trimmed.startsWith("+");
  const digits = trimmed.replace(/[\s\-().]/g, "").replace(/^\+/, "");
  if (!plus && /^\d{10}$/.test(digits)) return `1${digits}`;
  return plus ? `+${digits}` : digits;
}

/** E.164 for the SMS provider: a leading + on the normalised number. */
export function e164(phone: string): string {
  const normalized = normalizePhone(phone);
  return normalized.startsWith("+") ? normalized : `+${normalized}`;
}

/** The refusal of a signer whose authentication needs a provider this service lacks. */
function providerMissing(roleId: string, what: string, settings?: string[]): Error {
  const fix = settings?.length ? ` Set ${settings.join(", ")} to send codes by text message, or` : "";
  return unprocessable(
    "error.validation.signerAuthenticationProviderMissing",
    `The signer of role "${roleId}" must be authenticated by ${what}, but no provider for it is configured on this service.${fix} Choose CHALLENGE (questions and answers) or NONE instead.`,
  );
}

const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");

function challengeProblem(roleId: string, message: string): Error {
  return badRequest("error.validation.signerAuthentication", `The signer of role "${roleId}": ${message}`);
}

function hasKbaDetails(kba: unknown): boolean {
  if (!kba || typeof kba !== "object") return false;
  const given = kba as Record<string, unknown>;
  return ["signerInformationForEquifaxUSA", "signerInformationForEquifaxCanada", "signerInformationForLexisNexis"].some(
    (member) => given[member] !== undefined && given[member] !== null,
  );
}

/**
 * The signer's `auth` to store: checked (400 for a CHALLENGE without questions or answers or an SMS
 * without a phone; 422 for a scheme with no provider here), answers hashed. A question sent back
 * without its answer (as a client that read the role and updates it does) keeps the answer stored
 * for that question in `previous`.
 */
export function prepareSignerAuth(
  given: Record<string, unknown> | undefined,
  roleId: string,
  options: { previous?: unknown; signerPhone?: string; knowledgeBasedAuthentication?: unknown } = {},
): StoredAuth {
  if (hasKbaDetails(options.knowledgeBasedAuthentication)) throw providerMissing(roleId, "knowledge-based authentication (KBA)");
  if (!given) return { scheme: "NONE", challenges: [] };
  const scheme = text(given.scheme).toUpperCase() || "NONE";
  const challenges = (Array.isArray(given.challenges) ? given.challenges : []) as GivenChallenge[];
  switch (scheme) {
    case "NONE":
      return { scheme: "NONE", challenges: [] };
    case "CHALLENGE": {
      if (challenges.length === 0) throw challengeProblem(roleId, "authentication by CHALLENGE needs at least one question with its answer in auth.challenges.");
      return { scheme, challenges: storedQuestions(challenges, storedAuthOf(options.previous).challenges, roleId) };
    }
    case "SMS": {
      const phone = storedPhone(text(challenges[0]?.question) || text(options.signerPhone), roleId, "auth.challenges[0].question (or the signer's phone)");
      return { scheme, challenges: [{ question: phone, maskInput: false }] };
    }
    case "QASMS": {
      const isPhone = (challenge: GivenChallenge) => text(challenge.challengeType).toUpperCase() === "SMS";
      const questions = challenges.filter((challenge) => !isPhone(challenge));
      const phones = challenges.filter(isPhone);
      if (questions.length === 0) throw challengeProblem(roleId, "authentication by QASMS needs at least one question with its answer (challengeType CHALLENGE) in auth.challenges.");
      if (phones.length !== 1) throw challengeProblem(roleId, "authentication by QASMS needs exactly one phone number, as the question of the challenge whose challengeType is SMS.");
      const previous = storedAuthOf(options.previous).challenges.filter((stored) => stored.challengeType !== "SMS");
      const phone = storedPhone(text(phones[0]!.question), roleId, "the question of the challenge whose challengeType is SMS");
      return {
        scheme,
        challenges: [
          ...storedQuestions(questions, previous, roleId).map((challenge) => ({ ...challenge, challengeType: "CHALLENGE" as const })),
          { question: phone, maskInput: false, challengeType: "SMS" as const },
        ],
      };
    }
    case "KBA":
      throw providerMissing(roleId, "knowledge-based authentication (KBA)");
    default:
      throw providerMissing(roleId, `the scheme ${scheme}`);
  }
}

/** Questions as stored: each with its answer hashed (and sealed when asked in the clear), or the answer kept from `previous`. */
function storedQuestions(challenges: GivenChallenge[], previous: StoredChallenge[], roleId: string): StoredChallenge[] {
  return challenges.map((challenge, index) => {
    const question = text(challenge.question);
    if (!question) throw challengeProblem(roleId, `challenge ${index + 1} has no question.`);
    if (question.length > 255) throw challengeProblem(roleId, `the question of challenge ${index + 1} is longer than 255 characters.`);
    const answer = text(challenge.answer);
    const maskInput = challenge.maskInput === true;
    if (answer) {
      if (answer.length > 255) throw challengeProblem(roleId, `the answer to "${question}" is longer than 255 characters.`);
      return { question, maskInput, answerHash: hashAnswer(answer), ...(maskInput ? {} : { answerSealed: encryptSecret(answer) }) };
    }
    const kept = previous.find((stored) => stored.question === question && stored.answerHash);
    if (!kept) throw challengeProblem(roleId, `the question "${question}" has no answer.`);
    return { question, maskInput, answerHash: kept.answerHash, ...(maskInput || !kept.answerSealed ? {} : { answerSealed: kept.answerSealed }) };
  });
}

/** The phone a code is texted to, normalised; refused (422) while no SMS provider is configured. */
function storedPhone(phone: string, roleId: string, where: string): string {
  if (!phone) throw challengeProblem(roleId, `authentication by SMS needs the phone number, as ${where}.`);
  const normalized = normalizePhone(phone);
  if (!/^\+?\d{8,15}$/.test(normalized)) throw challengeProblem(roleId, `"${phone}" is not a phone number (8 to 15 digits, optionally after +).`);
  const missing = missingSmsSettings();
  if (missing.length > 0) throw providerMissing(roleId, "a code sent by text message (SMS)", missing);
  return normalized;
}

/** What a stored `auth` holds, whatever its age (rows stored before answers were hashed included). */
export function storedAuthOf(auth: unknown): StoredAuth {
  const given = (auth ?? {}) as Record<string, unknown>;
  const scheme = typeof given.scheme === "string" && given.scheme ? given.scheme.toUpperCase() : "NONE";
  const challenges = (Array.isArray(given.challenges) ? given.challenges : []) as Record<string, unknown>[];
  return {
    scheme,
    challenges: challenges.map((challenge) => ({
      question: String(challenge.question ?? ""),
      maskInput: challenge.maskInput === true,
      ...(typeof challenge.answerHash === "string" ? { answerHash: challenge.answerHash } : {}),
      ...(typeof challenge.answerSealed === "string" ? { answerSealed: challenge.answerSealed } : {}),
      ...(challenge.challengeType === "CHALLENGE" || challenge.challengeType === "SMS" ? { challengeType: challenge.challengeType } : {}),
    })),
  };
}

/** The questions a signer answers (CHALLENGE, and QASMS's first step). */
export function questionsOf(stored: StoredAuth): StoredChallenge[] {
  return stored.scheme === "QASMS" ? stored.challenges.filter((challenge) => challenge.challengeType !== "SMS") : stored.scheme === "CHALLENGE" ? stored.challenges : [];
}

/** The phone a code is texted to (SMS, and QASMS's second step); "" when none. */
export function phoneOf(stored: StoredAuth): string {
  if (stored.scheme === "QASMS") return stored.challenges.find((challenge) => challenge.challengeType === "SMS")?.question ?? "";
  return stored.scheme === "SMS" ? (stored.challenges[0]?.question ?? "") : "";
}

/**
 * The signer's `auth` on the wire: scheme and questions (or the phone for SMS), never a hash.
 * With `withAnswers` (the package's owner reading it), the answers not masked too.
 */
export function wireAuth(
  auth: unknown,
  options: { withAnswers?: boolean } = {},
): { scheme: string; challenges: { question: string; answer?: string; maskInput: boolean; challengeType?: string }[] } {
  const stored = storedAuthOf(auth);
  return {
    scheme: stored.scheme,
    challenges: stored.challenges.map(({ question, maskInput, answerSealed, challengeType }) => ({
      question,
      ...(options.withAnswers && answerSealed && !maskInput ? { answer: decryptSecret(answerSealed) } : {}),
      maskInput,
      ...(challengeType ? { challengeType } : {}),
    })),
  };
}

/** The scheme a signer must pass before the ceremony shows documents; null when none. */
export function requiredScheme(auth: unknown): "CHALLENGE" | "SMS" | "QASMS" | null {
  const { scheme } = storedAuthOf(auth);
  return scheme === "CHALLENGE" || scheme === "SMS" || scheme === "QASMS" ? scheme : null;
}

/**
 * Refuses (403) a signer who still has to answer their questions or enter their SMS code: every
 * ceremony call but the view and the authentication itself goes through here, whether by
 * signerRoute or by assertMayAct (signing, declining, attachments, delegation).
 */
export function assertSignerAuthenticated(signer: { auth?: unknown } | null | undefined, state: { authenticated: Date | null } | undefined): void {
  if (requiredScheme(signer?.auth) !== null && !state?.authenticated) {
    throw forbidden("error.forbidden.signerAuthenticationRequired", "Answer your security questions or enter the code sent to your phone before opening the documents.");
  }
}

/** The phone as the signer is shown it: all but the last four digits hidden. */
export function maskedPhone(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  return `•••• ${digits.slice(-4)}`;
}

/** For the evidence summary and certificate: how the signer proved who they were. */
export function authenticationWording(auth: unknown): string {
  const stored = storedAuthOf(auth);
  const questions = questionsOf(stored).length;
  const answered = `answered ${questions} security question${questions === 1 ? "" : "s"}`;
  const texted = `entered a code texted to ${maskedPhone(phoneOf(stored))}`;
  if (stored.scheme === "CHALLENGE") return answered;
  if (stored.scheme === "SMS") return texted;
  if (stored.scheme === "QASMS") return `${answered} and ${texted}`;
  return "e-mail link";
}
