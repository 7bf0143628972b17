import { randomInt } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Db, Tx } from "@/lib/db/client";
import { packages, roles, roleSigningStates } from "@/lib/db/schema";
import type { SignerAuthenticationStatus } from "@/lib/api/signer-authentication";
import { wireDate } from "@/lib/api/wire";
import { recordEvent } from "@/lib/esign/audit/record-event";
import { now } from "@/lib/esign/clock";
import { badRequest, conflict, ServiceError, tooManyRequests } from "@/lib/esign/errors";
import { signingCodeText } from "@/lib/esign/outbox/messages";
import {
  CODE_VALID_MINUTES,
  codeHash,
  countFailedAttempt,
  lockSigningRole,
  MAX_FAILED_ATTEMPTS,
  RESEND_AFTER_SECONDS,
  sameHash,
  signerLocked,
  type CeremonySigner,
} from "@/lib/esign/signing/verification/email-otp";
import { answerMatches, authenticationWording, maskedPhone, phoneOf, questionsOf, requiredScheme, storedAuthOf } from "./signer-auth";
import { sendTextMessage } from "./sms";

/**
 * The signer's own authentication in the ceremony (their `auth`, see signer-auth.ts), passed before
 * anything else: until then the ceremony's API shows no document and refuses every action
 * (lib/http/signer-route.ts). It shares the one-time code machinery of EMAIL_OTP: the role's
 * signing state holds the code's hash and its expiry, wrong answers and codes count in
 * `otpFailedAttempts`, and the MAX_FAILED_ATTEMPTS-th locks the signer (SIGNER_LOCKED, the
 * sender e-mailed) until the sender unlocks them (POST .../roles/{roleId}/unlock). Passing resets
 * the count, so an EMAIL_OTP verification after it starts afresh.
 */

type PackageRow = typeof packages.$inferSelect;
type RoleRow = typeof roles.$inferSelect;
type StateRow = typeof roleSigningStates.$inferSelect;

const CODE_VALID_MS = CODE_VALID_MINUTES * 60_000;
const RESEND_AFTER_MS = RESEND_AFTER_SECONDS * 1000;

const smsCodeHash = (packageId: string, roleId: string, code: string) => codeHash(packageId, roleId, code, "signing-sms-code");

/** Whether the role's signer still has to authenticate before seeing or doing anything. */
export function mustAuthenticate(role: Pick<RoleRow, "signer">, state: Pick<StateRow, "authenticated"> | undefined): boolean {
  return requiredScheme(role.signer?.auth) !== null && !state?.authenticated;
}

export function authenticationStatus(role: Pick<RoleRow, "signer">, state: StateRow | undefined, at: Date = now()): SignerAuthenticationStatus | null {
  const scheme = requiredScheme(role.signer?.auth);
  if (!scheme) return null;
  const stored = storedAuthOf(role.signer?.auth);
  const passed = !!state?.authenticated;
  const status: SignerAuthenticationStatus = {
    scheme,
    passed,
    signerLocked: !!state?.signerLocked,
    attemptsLeft: passed ? MAX_FAILED_ATTEMPTS : Math.max(0, MAX_FAILED_ATTEMPTS - (state?.otpFailedAttempts ?? 0)),
  };
  if (scheme === "CHALLENGE" || scheme === "QASMS") status.questions = questionsOf(stored).map(({ question, maskInput }) => ({ question, maskInput }));
  if (scheme === "QASMS") status.answersPassed = passed || !!state?.answersPassed;
  if (scheme === "SMS" || scheme === "QASMS") {
    status.phone = maskedPhone(phoneOf(stored));
    if (!passed && state?.otpHash && state.otpExpires && state.otpExpires > at) {
      status.codeExpires = wireDate(state.otpExpires);
      const sent = state.otpExpires.getTime() - CODE_VALID_MS;
      if (sent + RESEND_AFTER_MS > at.getTime()) status.resendAfter = wireDate(new Date(sent + RESEND_AFTER_MS));
    }
  }
  return status;
}

/** The signer's scheme asks for `step` (QASMS asks for both); 409 otherwise. */
function assertStep(role: RoleRow, step: "CHALLENGE" | "SMS"): "CHALLENGE" | "SMS" | "QASMS" {
  const scheme = requiredScheme(role.signer?.auth);
  if (scheme !== step && scheme !== "QASMS") {
    const what = step === "CHALLENGE" ? "questions and answers (CHALLENGE)" : "a code sent by text message (SMS)";
    throw conflict("error.conflict.noSuchSignerAuthentication", `The signer of role ${role.id} is not authenticated by ${what}.`);
  }
  return scheme;
}

/** QASMS: the questions come first; a code is texted only to a signer who answered them. */
function assertAnswered(role: RoleRow, state: StateRow): void {
  if (requiredScheme(role.signer?.auth) === "QASMS" && !state.answersPassed) {
    throw conflict("error.conflict.signerAnswersFirst", "Answer your security questions first; the code is texted to your phone once they are right.");
  }
}

async function markPassed(tx: Tx, pkg: PackageRow, role: RoleRow, signer: CeremonySigner, at: Date): Promise<StateRow> {
  const [updated] = await tx
    .update(roleSigningStates)
    .set({ authenticated: at, otpHash: null, otpExpires: null, otpFailedAttempts: 0 })
    .where(and(eq(roleSigningStates.packageId, pkg.id), eq(roleSigningStates.roleId, role.id)))
    .returning();
  await recordEvent(tx, {
    accountId: pkg.accountId,
    packageId: pkg.id,
    name: "SIGNER_AUTHENTICATED",
    sessionUser: role.id,
    message: `${signer.memberEmail ?? role.signerEmail ?? role.id} ${authenticationWording(role.signer?.auth)}`,
    ipAddress: signer.ipAddress ?? undefined,
    userAgent: signer.userAgent ?? undefined,
  });
  return updated;
}

/** QASMS's first step: the answers are right, the failed attempts start afresh for the code. */
async function markAnswered(tx: Tx, pkg: PackageRow, role: RoleRow, at: Date): Promise<StateRow> {
  const [updated] = await tx
    .update(roleSigningStates)
    .set({ answersPassed: at, otpFailedAttempts: 0 })
    .where(and(eq(roleSigningStates.packageId, pkg.id), eq(roleSigningStates.roleId, role.id)))
    .returning();
  return updated;
}

type Outcome = { kind: "passed"; status: SignerAuthenticationStatus } | { kind: "wrong"; attemptsLeft: number } | { kind: "locked" };

function answerOutcome(outcome: Outcome, messageKey: string, wrong: string): SignerAuthenticationStatus {
  if (outcome.kind === "locked") throw signerLocked();
  if (outcome.kind === "wrong") {
    throw new ServiceError(400, messageKey, `${wrong}; ${outcome.attemptsLeft} attempt(s) left before the signer is locked.`, undefined, {
      attemptsLeft: outcome.attemptsLeft,
    });
  }
  return outcome.status;
}

/**
 * `POST /api/signing/{packageId}/authentication/answers`: the answers to every question, in the
 * order asked. All right passes; any wrong counts one failed attempt (which answer is not said).
 */
export async function answerChallenges(db: Db, signer: CeremonySigner, answers: string[]): Promise<SignerAuthenticationStatus> {
  const outcome = await db.transaction(async (tx): Promise<Outcome> => {
    const locked = await lockSigningRole(tx, signer);
    const { pkg, role, state } = locked;
    const scheme = assertStep(role, "CHALLENGE");
    if (state.signerLocked) throw signerLocked();
    const at = now();
    if (state.authenticated || state.answersPassed) return { kind: "passed", status: authenticationStatus(role, state, at)! };
    const challenges = questionsOf(storedAuthOf(role.signer?.auth));
    if (answers.length !== challenges.length) {
      throw badRequest("error.validation.signerAnswers", `Answer each of the ${challenges.length} question(s), in the order they are asked.`);
    }
    const results = await Promise.all(challenges.map((challenge, index) => answerMatches(answers[index] ?? "", challenge.answerHash)));
    if (results.every(Boolean)) {
      const passed = scheme === "QASMS" ? await markAnswered(tx, pkg, role, at) : await markPassed(tx, pkg, role, signer, at);
      return { kind: "passed", status: authenticationStatus(role, passed, at)! };
    }
    return countFailedAttempt(tx, locked, signer, "answers to their security questions");
  });
  return answerOutcome(outcome, "error.validation.wrongSignerAnswers", "At least one answer is not right");
}

/**
 * `POST /api/signing/{packageId}/authentication/sms`: texts a new six-digit code to the signer's
 * phone (the code before stops working), at most once every RESEND_AFTER_SECONDS.
 */
export async function sendSmsCode(db: Db, signer: CeremonySigner): Promise<SignerAuthenticationStatus> {
  const { to, body, status, accountId } = await db.transaction(async (tx) => {
    const { pkg, role, state } = await lockSigningRole(tx, signer);
    assertStep(role, "SMS");
    if (state.signerLocked) throw signerLocked();
    assertAnswered(role, state);
    if (state.authenticated) throw conflict("error.conflict.signerAlreadyAuthenticated", "This signer is already authenticated; no code is needed.");
    const at = now();
    if (state.otpExpires) {
      const sent = state.otpExpires.getTime() - CODE_VALID_MS;
      if (at.getTime() - sent < RESEND_AFTER_MS) {
        const waitSeconds = Math.ceil((sent + RESEND_AFTER_MS - at.getTime()) / 1000);
        throw tooManyRequests(
          "error.tooManyRequests.oneTimeCodeResend",
          `A code was sent less than ${RESEND_AFTER_SECONDS} seconds ago; wait ${waitSeconds} more second(s) before asking for another.`,
          waitSeconds,
        );
      }
    }
    const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
    const [updated] = await tx
      .update(roleSigningStates)
      .set({ otpHash: smsCodeHash(pkg.id, role.id, code), otpExpires: new Date(at.getTime() + CODE_VALID_MS) })
      .where(and(eq(roleSigningStates.packageId, pkg.id), eq(roleSigningStates.roleId, role.id)))
      .returning();
    const phone = phoneOf(storedAuthOf(role.signer?.auth));
    const language = (typeof role.signer?.language === "string" && role.signer.language) || pkg.language;
    return {
      accountId: pkg.accountId,
      to: phone,
      body: signingCodeText({ code, packageName: pkg.name, minutesValid: CODE_VALID_MINUTES }, language),
      status: authenticationStatus(role, updated, at)!,
    };
  });
  // Sent once the code is stored: a provider that fails answers 502, and the code it never
  // delivered is dropped so the signer may ask again at once (not after the resend wait). The
  // failure is kept as SMS_NOT_SENT, which the package's alerts list for its sender.
  try {
    await sendTextMessage(to, body);
  } catch (error) {
    await db.transaction(async (tx) => {
      await tx
        .update(roleSigningStates)
        .set({ otpHash: null, otpExpires: null })
        .where(and(eq(roleSigningStates.packageId, signer.packageId), eq(roleSigningStates.roleId, signer.roleId)));
      await recordEvent(tx, {
        accountId,
        packageId: signer.packageId,
        name: "SMS_NOT_SENT",
        sessionUser: signer.roleId,
        message: smsNotSentMessage(signer.roleId, to, error),
        ipAddress: signer.ipAddress ?? undefined,
        userAgent: signer.userAgent ?? undefined,
      });
    });
    throw error;
  }
  return status;
}

/** What an SMS_NOT_SENT event keeps, in words: the number (its last four digits only), the role and the provider's answer. */
function smsNotSentMessage(roleId: string, to: string, error: unknown): string {
  const reason = error instanceof Error ? error.message : String(error);
  return `The authentication code texted to …${to.replace(/\D/g, "").slice(-4)} (role ${roleId}) was not sent. ${reason}`;
}

/** `POST /api/signing/{packageId}/authentication/sms/verify`: the code the signer was texted. */
export async function verifySmsCode(db: Db, signer: CeremonySigner, code: string): Promise<SignerAuthenticationStatus> {
  const outcome = await db.transaction(async (tx): Promise<Outcome> => {
    const locked = await lockSigningRole(tx, signer);
    const { pkg, role, state } = locked;
    assertStep(role, "SMS");
    if (state.signerLocked) throw signerLocked();
    const at = now();
    if (state.authenticated) return { kind: "passed", status: authenticationStatus(role, state, at)! };
    assertAnswered(role, state);
    if (!state.otpHash || !state.otpExpires) throw conflict("error.conflict.noOneTimeCode", "No code is waiting to be entered; ask for a code first.");
    if (state.otpExpires <= at) {
      throw badRequest("error.validation.oneTimeCodeExpired", `The code has expired (it works for ${CODE_VALID_MINUTES} minutes); ask for a new one.`);
    }
    if (sameHash(smsCodeHash(pkg.id, role.id, code.trim()), state.otpHash)) {
      return { kind: "passed", status: authenticationStatus(role, await markPassed(tx, pkg, role, signer, at), at)! };
    }
    return countFailedAttempt(tx, locked, signer, "codes texted to their phone");
  });
  return answerOutcome(outcome, "error.validation.wrongOneTimeCode", "The code is not right");
}
