import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "@/lib/db/client";
import { packages, roles, roleSigningStates, users } from "@/lib/db/schema";
import type { OneTimeCodeSent, SignerVerificationStatus } from "@/lib/api/signing-verification";
import { wireDate } from "@/lib/api/wire";
import { oneTimeCodeEmail, signerLockedEmail } from "@/lib/esign/outbox/messages";
import { queueEmail } from "@/lib/esign/outbox/queue-email";
import { recordEvent } from "@/lib/esign/audit/record-event";
import { now } from "@/lib/esign/clock";
import { badRequest, conflict, forbidden, ServiceError, tooManyRequests } from "@/lib/esign/errors";
import { derivedKey } from "@/lib/esign/security/server-secret";
import { requiredScheme } from "@/lib/esign/signing/authentication/signer-auth";
import { EMAIL_OTP, findVerificationType } from "@/lib/esign/verification/verification-types";

/**
 * The built-in verification EMAIL_OTP (spec 2.5): a six-digit code e-mailed to the signer, valid
 * for ten minutes and stored only as a keyed hash. Wrong codes count per role across every code
 * sent (asking for a new code does not reset them); the fifth locks the signer (SIGNER_LOCKED,
 * the sender is e-mailed) until the sender unlocks them.
 */

export const CODE_VALID_MINUTES = 10;
export const RESEND_AFTER_SECONDS = 30;
export const MAX_FAILED_ATTEMPTS = 5;

const CODE_VALID_MS = CODE_VALID_MINUTES * 60_000;
const RESEND_AFTER_MS = RESEND_AFTER_SECONDS * 1000;

/** The signer in the ceremony: the fields of the signing session this module needs. */
export interface CeremonySigner {
  packageId: string;
  roleId: string;
  /** The group member signing for a group; null for a signer who is a person. */
  memberEmail: string | null;
  ipAddress: string | null;
  userAgent: string | null;
}

type PackageRow = typeof packages.$inferSelect;
type RoleRow = typeof roles.$inferSelect;
type StateRow = typeof roleSigningStates.$inferSelect;

interface Person {
  email: string;
  name: string;
}

export const signerLocked = () =>
  forbidden(
    "error.forbidden.signerLocked",
    `This signer made ${MAX_FAILED_ATTEMPTS} wrong attempts (codes or answers) and is locked. The sender of the package has been told and can unlock them.`,
  );

/**
 * Bound to the role, so that a hash copied to another role's row matches nothing, and to how the
 * code was sent (`keyLabel`: e-mail here, "signing-sms-code" for a texted one).
 */
export function codeHash(packageId: string, roleId: string, code: string, keyLabel = "signing-one-time-code"): string {
  return createHmac("sha256", derivedKey(keyLabel)).update(`${packageId}\n${roleId}\n${code}`, "utf8").digest("hex");
}

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, "hex");
  const right = Buffer.from(b, "hex");
  return left.length === right.length && timingSafeEqual(left, right);
}

const fullName = (first: unknown, last: unknown) => [first, last].filter((part) => typeof part === "string" && part).join(" ");

/**
 * The package, the role and its signing state, the state locked for this transaction so that two
 * requests of the same signer (a double click, two tabs) count and send one after the other.
 */
export async function lockSigningRole(tx: Tx, signer: CeremonySigner): Promise<{ pkg: PackageRow; role: RoleRow; state: StateRow }> {
  const { packageId, roleId } = signer;
  const [pkg] = await tx.select().from(packages).where(eq(packages.id, packageId));
  if (pkg?.status !== "SENT" || pkg.trashed) throw conflict("error.conflict.packageNotSent", "The package is no longer out for signing.");
  const [role] = await tx.select().from(roles).where(and(eq(roles.packageId, packageId), eq(roles.id, roleId)));
  if (!role) throw conflict("error.conflict.packageNotSent", `The role ${roleId} is no longer part of the package.`);
  // The states are made when the package is sent; a package sent before they existed gets its row now.
  await tx.insert(roleSigningStates).values({ packageId, roleId }).onConflictDoNothing();
  const [state] = await tx
    .select()
    .from(roleSigningStates)
    .where(and(eq(roleSigningStates.packageId, packageId), eq(roleSigningStates.roleId, roleId)))
    .for("update");
  return { pkg, role, state };
}

function isEmailOtp(role: RoleRow): boolean {
  return !!role.verification && findVerificationType(role.verification.typeId)?.id === EMAIL_OTP;
}

function assertEmailOtp(role: RoleRow): void {
  if (!isEmailOtp(role)) {
    throw conflict("error.conflict.noEmailOtpVerification", `The role ${role.id} is not verified by a one-time code sent by e-mail.`);
  }
}

/** The signer's own authentication (auth: questions, SMS) comes before any verification. */
function assertAuthenticatedFirst(role: RoleRow, state: StateRow): void {
  if (requiredScheme(role.signer?.auth) && !state.authenticated) {
    throw forbidden("error.forbidden.signerAuthenticationRequired", "Answer your security questions or enter the code sent to your phone first.");
  }
}

/** The person signing: the group member the session belongs to, or the role's signer. */
export async function signingPerson(tx: Tx, role: RoleRow, memberEmail: string | null): Promise<Person> {
  if (memberEmail) {
    const [member] = await tx
      .select({ firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(sql`lower(${users.email}) = ${memberEmail.toLowerCase()}`);
    return { email: memberEmail, name: fullName(member?.firstName, member?.lastName) || memberEmail };
  }
  const email = role.signerEmail ?? "";
  return { email, name: fullName(role.signer?.firstName, role.signer?.lastName) || email };
}

function sentAt(state: StateRow): Date | null {
  return state.otpExpires ? new Date(state.otpExpires.getTime() - CODE_VALID_MS) : null;
}

function statusOf(role: RoleRow, state: StateRow | undefined, at: Date): SignerVerificationStatus {
  const failed = state?.otpFailedAttempts ?? 0;
  const status: SignerVerificationStatus = {
    required: !!role.verification,
    verified: !!state?.verified,
    signerLocked: !!state?.signerLocked,
    attemptsLeft: Math.max(0, MAX_FAILED_ATTEMPTS - failed),
  };
  if (role.verification) status.typeId = findVerificationType(role.verification.typeId)?.id ?? role.verification.typeId;
  if (state?.otpHash && state.otpExpires && state.otpExpires > at) status.codeExpires = wireDate(state.otpExpires);
  const sent = state && sentAt(state);
  if (sent && sent.getTime() + RESEND_AFTER_MS > at.getTime()) status.resendAfter = wireDate(new Date(sent.getTime() + RESEND_AFTER_MS));
  return status;
}

/** `GET /api/signing/{packageId}/verification`: whether the signer must be verified, and where they stand. */
export async function signerVerificationStatus(db: Db, signer: CeremonySigner): Promise<SignerVerificationStatus> {
  const [row] = await db
    .select({ role: roles, state: roleSigningStates })
    .from(roles)
    .leftJoin(roleSigningStates, and(eq(roleSigningStates.packageId, roles.packageId), eq(roleSigningStates.roleId, roles.id)))
    .where(and(eq(roles.packageId, signer.packageId), eq(roles.id, signer.roleId)));
  if (!row) throw conflict("error.conflict.packageNotSent", `The role ${signer.roleId} is no longer part of the package.`);
  return statusOf(row.role, row.state ?? undefined, now());
}

/**
 * `POST /api/signing/{packageId}/verification/otp`: e-mails a new code (the one before stops
 * working), at most once every RESEND_AFTER_SECONDS (429 sooner).
 */
export async function sendOneTimeCode(db: Db, signer: CeremonySigner): Promise<OneTimeCodeSent> {
  return db.transaction(async (tx) => {
    const { pkg, role, state } = await lockSigningRole(tx, signer);
    assertEmailOtp(role);
    if (state.signerLocked) throw signerLocked();
    assertAuthenticatedFirst(role, state);
    if (state.verified) throw conflict("error.conflict.signerAlreadyVerified", "This signer is already verified; no code is needed.");
    const at = now();
    const previous = sentAt(state);
    if (previous && at.getTime() - previous.getTime() < RESEND_AFTER_MS) {
      const waitSeconds = Math.ceil((previous.getTime() + RESEND_AFTER_MS - at.getTime()) / 1000);
      throw tooManyRequests(
        "error.tooManyRequests.oneTimeCodeResend",
        `A code was sent less than ${RESEND_AFTER_SECONDS} seconds ago; wait ${waitSeconds} more second(s) before asking for another.`,
        waitSeconds,
      );
    }

    const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
    const expires = new Date(at.getTime() + CODE_VALID_MS);
    const [updated] = await tx
      .update(roleSigningStates)
      .set({ otpHash: codeHash(pkg.id, role.id, code), otpExpires: expires })
      .where(and(eq(roleSigningStates.packageId, pkg.id), eq(roleSigningStates.roleId, role.id)))
      .returning();
    const person = await signingPerson(tx, role, signer.memberEmail);
    const language = (typeof role.signer?.language === "string" && role.signer.language) || pkg.language;
    const content = oneTimeCodeEmail({ signerName: person.name, packageName: pkg.name, code, minutesValid: CODE_VALID_MINUTES }, language);
    await queueEmail(tx, { ...content, accountId: pkg.accountId, packageId: pkg.id, kind: "ONE_TIME_CODE", to: person.email });
    return { ...statusOf(role, updated, at), sentTo: person.email };
  });
}

type Outcome = { kind: "verified"; status: SignerVerificationStatus } | { kind: "wrong"; attemptsLeft: number } | { kind: "locked" };

/**
 * The last allowed wrong attempt (a code, or answers to the signer's questions): the signer is
 * locked, SIGNER_LOCKED recorded (and delivered as a callback) and the package's sender e-mailed.
 */
/**
 * A wrong code (or answer, or texted code: `what`), counted against MAX_FAILED_ATTEMPTS; the last
 * one allowed locks the signer. One count for every way a signer proves who they are.
 */
export async function countFailedAttempt(
  tx: Tx,
  locked: { pkg: PackageRow; role: RoleRow; state: StateRow },
  signer: CeremonySigner,
  what?: string,
): Promise<{ kind: "wrong"; attemptsLeft: number } | { kind: "locked" }> {
  const { pkg, role, state } = locked;
  const failed = state.otpFailedAttempts + 1;
  if (failed >= MAX_FAILED_ATTEMPTS) {
    await lockSigner(tx, pkg, role, signer, failed, what);
    return { kind: "locked" };
  }
  await tx
    .update(roleSigningStates)
    .set({ otpFailedAttempts: failed })
    .where(and(eq(roleSigningStates.packageId, pkg.id), eq(roleSigningStates.roleId, role.id)));
  return { kind: "wrong", attemptsLeft: MAX_FAILED_ATTEMPTS - failed };
}

export async function lockSigner(tx: Tx, pkg: PackageRow, role: RoleRow, signer: CeremonySigner, failed: number, what = "one-time codes"): Promise<void> {
  const at = now();
  await tx
    .update(roleSigningStates)
    .set({ otpFailedAttempts: failed, signerLocked: at, otpHash: null, otpExpires: null })
    .where(and(eq(roleSigningStates.packageId, pkg.id), eq(roleSigningStates.roleId, role.id)));
  const person = await signingPerson(tx, role, signer.memberEmail);
  await recordEvent(tx, {
    accountId: pkg.accountId,
    packageId: pkg.id,
    name: "SIGNER_LOCKED",
    sessionUser: role.id,
    message: `${person.email} entered ${failed} wrong ${what}`,
    ipAddress: signer.ipAddress ?? undefined,
    userAgent: signer.userAgent ?? undefined,
  });
  const [owner] = await tx.select().from(users).where(eq(users.id, pkg.ownerUserId));
  if (!owner) return;
  const content = signerLockedEmail(
    { senderName: fullName(owner.firstName, owner.lastName) || owner.email, signerName: person.name, signerEmail: person.email, packageName: pkg.name },
    owner.language,
  );
  await queueEmail(tx, { ...content, accountId: pkg.accountId, packageId: pkg.id, kind: "SIGNER_LOCKED", to: owner.email });
}

/**
 * `POST /api/signing/{packageId}/verification/otp/verify`: the right code verifies the role; a
 * wrong one counts (400 with the attempts left) and the last allowed one locks the signer (403).
 * The count and the lock are committed before the refusal is answered.
 */
export async function verifyOneTimeCode(db: Db, signer: CeremonySigner, code: string): Promise<SignerVerificationStatus> {
  const outcome = await db.transaction(async (tx): Promise<Outcome> => {
    const { pkg, role, state } = await lockSigningRole(tx, signer);
    assertEmailOtp(role);
    if (state.signerLocked) throw signerLocked();
    assertAuthenticatedFirst(role, state);
    const at = now();
    if (state.verified) return { kind: "verified", status: statusOf(role, state, at) };
    if (!state.otpHash || !state.otpExpires) {
      throw conflict("error.conflict.noOneTimeCode", "No code is waiting to be entered; ask for a code first.");
    }
    if (state.otpExpires <= at) {
      throw badRequest("error.validation.oneTimeCodeExpired", `The code has expired (it works for ${CODE_VALID_MINUTES} minutes); ask for a new one.`);
    }

    if (sameHash(codeHash(pkg.id, role.id, code), state.otpHash)) {
      const [updated] = await tx
        .update(roleSigningStates)
        .set({ verified: at, otpHash: null, otpExpires: null, otpFailedAttempts: 0 })
        .where(and(eq(roleSigningStates.packageId, pkg.id), eq(roleSigningStates.roleId, role.id)))
        .returning();
      return { kind: "verified", status: statusOf(role, updated, at) };
    }
    return countFailedAttempt(tx, { pkg, role, state }, signer);
  });

  if (outcome.kind === "locked") throw signerLocked();
  if (outcome.kind === "wrong") {
    throw new ServiceError(
      400,
      "error.validation.wrongOneTimeCode",
      `The code is not right; ${outcome.attemptsLeft} attempt(s) left before the signer is locked.`,
      undefined,
      { attemptsLeft: outcome.attemptsLeft },
    );
  }
  return outcome.status;
}
