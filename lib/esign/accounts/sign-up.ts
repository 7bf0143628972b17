import { setTimeout as sleep } from "node:timers/promises";
import { eq, lte, sql } from "drizzle-orm";
import type { Db, Tx } from "@/lib/db/client";
import { isUniqueViolation } from "@/lib/db/errors";
import { pendingSignUps, signUpRequests, users } from "@/lib/db/schema";
import type { SignUpConfirmation, SignUpRequest, SignUpRequestedResponse, SignUpResponse } from "@/lib/api/accounts";
import { config } from "@/lib/config";
import { now } from "@/lib/esign/clock";
import { badRequest, conflict, forbidden, gone, tooManyRequests, tryAgainInMinutes } from "@/lib/esign/errors";
import { newId } from "@/lib/esign/ids";
import { passwordWeakness } from "@/lib/api/password-rule";
import { signUpAttemptedEmail, signUpConfirmationEmail } from "@/lib/esign/outbox/messages";
import { queueEmail } from "@/lib/esign/outbox/queue-email";
import { hashPassword, verifyPassword } from "@/lib/esign/security/passwords";
import { isPlausibleSigningToken, newSigningToken, signingTokenHash } from "@/lib/esign/signing/links/signing-token";
import { rateLimitKey } from "@/lib/http/ip-address";
import { addMember, createAccount, issueApiKey } from "./account-setup";
import { countEmailedRequest, type EmailedRequestLimits } from "./emailed-request-limits";

/** How long a sign-up's confirmation link works. */
export const SIGN_UP_LINK_HOURS = 24;
/**
 * Sign-ups that e-mail someone, counted over the last hour: for one e-mail from one client address,
 * and from one address whatever the e-mail. Never for an e-mail from everywhere: strangers' requests
 * would then block its owner's own.
 */
export const SIGN_UP_WINDOW_MS = 60 * 60 * 1000;
export const SIGN_UPS_PER_EMAIL_AND_IP = 3;
export const SIGN_UPS_PER_IP = 20;
const SIGN_UP_REQUEST_LIMITS: EmailedRequestLimits = {
  table: signUpRequests,
  windowMs: SIGN_UP_WINDOW_MS,
  perEmailAndAddress: SIGN_UPS_PER_EMAIL_AND_IP,
  perAddress: SIGN_UPS_PER_IP,
  refusal: (waitSeconds) =>
    tooManyRequests("error.tooManyRequests.signUp", `Too many sign-ups with this e-mail or from this address; ${tryAgainInMinutes(waitSeconds)}.`, waitSeconds),
};
/** Confirmations one link may try: past them it is void, so that its sign-up's password cannot be guessed. */
export const SIGN_UP_PASSWORD_ATTEMPTS = 5;

/** Sign-up answers its account at once only where no e-mail can be sent: there, nobody could confirm one. */
export function signUpNeedsConfirmation(): boolean {
  return Boolean(config().smtpUrl);
}

/** The console's page the confirmation e-mail's link opens. */
export function signUpConfirmationUrl(token: string): string {
  return `${config().publicUrl}/signup/confirm?token=${encodeURIComponent(token)}`;
}

function refuseWhenDisabledOrWeak(password: string) {
  if (!config().signupEnabled) throw forbidden("error.forbidden.signupDisabled", "Sign-up is disabled on this service.");
  const weakness = passwordWeakness(password);
  if (weakness) throw badRequest("error.validation.weakPassword", weakness);
}

interface NewOwner {
  accountName: string;
  email: string;
  firstName: string;
  lastName: string;
  passwordHash: string;
}

/** The account, its owner and the owner's first API key. */
async function createAccountWithOwner(tx: Tx, owner: NewOwner): Promise<SignUpResponse> {
  const accountId = await createAccount(tx, { name: owner.accountName });
  const userId = newId();
  await tx.insert(users).values({
    id: userId,
    accountId,
    email: owner.email,
    firstName: owner.firstName,
    lastName: owner.lastName,
    passwordHash: owner.passwordHash,
    status: "ACTIVE",
  });
  await addMember(tx, accountId, userId, { isOwner: true, role: "OWNER" });
  return { accountId, userId, apiKey: await issueApiKey(tx, userId, accountId) };
}

/** A taken e-mail, found when the transaction that inserted its user failed, as the 409 it is. */
function emailTakenAsConflict(email: string) {
  return (error: unknown): never => {
    if (isUniqueViolation(error, "users_email_unique")) throw conflict("error.conflict.emailExists", `A user with the e-mail ${email} already exists.`);
    throw error;
  };
}

/**
 * `POST /api/signup` where no e-mail can be sent: creates an account whose owner is the new user,
 * and that user's first API key, at once. A taken e-mail is a 409, which tells whether it is
 * registered; docs/hardening.md says so.
 */
export async function signUp(db: Db, input: SignUpRequest): Promise<SignUpResponse> {
  refuseWhenDisabledOrWeak(input.password);
  const passwordHash = await hashPassword(input.password);
  const owner = { accountName: input.accountName, email: input.email.toLowerCase(), firstName: input.firstName, lastName: input.lastName, passwordHash };
  return db.transaction((tx) => createAccountWithOwner(tx, owner)).catch(emailTakenAsConflict(owner.email));
}

/**
 * `POST /api/signup` where the service sends e-mail (SMTP_URL): the same 202 for every e-mail, so
 * that nobody learns who has an account. A new e-mail is sent a single-use link, valid
 * SIGN_UP_LINK_HOURS, that creates the account when given the password chosen here (the sign-up
 * waits in pending_sign_ups with its
 * password hashed and the token kept as its hash); a registered e-mail's owner is told someone
 * tried, with links to sign in and to reset the password. More than SIGN_UPS_PER_EMAIL_AND_IP
 * requests for one e-mail from one address, or SIGN_UPS_PER_IP from one address, within the hour are
 * refused with 429, for every e-mail alike. The answer never comes sooner than
 * SIGN_IN_FAILURE_DELAY_MS, so that the two paths' different writes do not show.
 */
export async function requestSignUp(db: Db, input: SignUpRequest, clientAddress: string): Promise<SignUpRequestedResponse> {
  refuseWhenDisabledOrWeak(input.password);
  const started = performance.now();
  const ipAddress = rateLimitKey(clientAddress);
  const email = input.email.trim().toLowerCase();
  // Hashed for a registered e-mail too, so that both take the same time.
  const passwordHash = await hashPassword(input.password);
  const at = now();
  await db.transaction(async (tx) => {
    // Read, not locked: a sign-in's or a password change's lock on the row would make a registered e-mail's answer wait, and show.
    const [user] = await tx.select().from(users).where(sql`lower(${users.email}) = ${email}`);
    await countEmailedRequest(tx, SIGN_UP_REQUEST_LIMITS, email, ipAddress, at);

    if (user) {
      const userName = `${user.firstName} ${user.lastName}`.trim() || user.email;
      const { publicUrl } = config();
      const content = signUpAttemptedEmail({ userName, signInUrl: `${publicUrl}/signin`, forgotPasswordUrl: `${publicUrl}/forgot-password` }, user.language);
      await queueEmail(tx, { accountId: user.accountId, kind: "SIGN_UP_ATTEMPTED", to: user.email, ...content });
      return;
    }
    const { token, tokenHash } = newSigningToken();
    await tx.delete(pendingSignUps).where(lte(pendingSignUps.expires, at));
    await tx.insert(pendingSignUps).values({
      tokenHash,
      email,
      accountName: input.accountName,
      firstName: input.firstName,
      lastName: input.lastName,
      passwordHash,
      created: at,
      expires: new Date(at.getTime() + SIGN_UP_LINK_HOURS * 3_600_000),
    });
    const userName = `${input.firstName} ${input.lastName}`.trim();
    const content = signUpConfirmationEmail({ userName, accountName: input.accountName, confirmUrl: signUpConfirmationUrl(token), hoursValid: SIGN_UP_LINK_HOURS });
    await queueEmail(tx, { accountId: null, kind: "SIGN_UP_CONFIRMATION", to: email, ...content });
  });
  const remaining = config().signInFailureDelayMs - (performance.now() - started);
  if (remaining > 0) await sleep(remaining);
  return {
    message: `A message is on its way to ${email}: open it to go on. If it holds a link to create the account, the link works once, for ${SIGN_UP_LINK_HOURS} hours.`,
  };
}

const invalidLink = () =>
  badRequest("error.validation.invalidSignUpToken", "This sign-up link is not valid. Sign up again to get a new one.");

type PendingSignUp = typeof pendingSignUps.$inferSelect;

function refuseUsedOrExpired(pending: PendingSignUp, at: Date) {
  if (pending.usedAt) throw gone("error.gone.signUpTokenUsed", "This sign-up link has been used already: the account exists. Sign in with its e-mail and password.");
  if (pending.expires <= at) throw gone("error.gone.signUpTokenExpired", `This sign-up link worked for ${SIGN_UP_LINK_HOURS} hours and has expired. Sign up again to get a new one.`);
}

/**
 * This attempt, counted on the link before its password is checked, as sign-in counts failures:
 * parallel guesses each see the others. Answers the link as it now is, or refuses it.
 */
async function countConfirmationAttempt(db: Db, tokenHash: string, at: Date): Promise<PendingSignUp> {
  const [pending] = await db
    .update(pendingSignUps)
    .set({ passwordAttempts: sql`${pendingSignUps.passwordAttempts} + 1` })
    .where(eq(pendingSignUps.tokenHash, tokenHash))
    .returning();
  if (!pending) throw invalidLink();
  refuseUsedOrExpired(pending, at);
  if (pending.passwordAttempts > SIGN_UP_PASSWORD_ATTEMPTS) {
    throw gone("error.gone.signUpTokenVoid", `This sign-up link stopped working after ${SIGN_UP_PASSWORD_ATTEMPTS} wrong passwords. Sign up again to get a new one.`);
  }
  return pending;
}

function wrongPassword(attemptsMade: number) {
  const left = SIGN_UP_PASSWORD_ATTEMPTS - attemptsMade;
  const then = left > 0 ? `${left} ${left === 1 ? "try" : "tries"} left.` : "The link no longer works: sign up again to get a new one.";
  return badRequest("error.validation.wrongSignUpPassword", `This is not the password given when signing up with this link. ${then}`);
}

/**
 * `POST /api/signup/confirm` (our extension, public): the e-mailed link's token and the password
 * given at sign-up create the account exactly as an immediate sign-up does, and answer the same;
 * the password proves that whoever confirms chose it, so a stranger's sign-up under someone's
 * e-mail cannot become that person's account with the stranger's password. A wrong password is a
 * 400 that says so; after SIGN_UP_PASSWORD_ATTEMPTS tries the link is void (410). Unknown token:
 * 400; used or expired: 410; the e-mail registered meanwhile (by another link): 409.
 */
export async function confirmSignUp(db: Db, input: SignUpConfirmation): Promise<SignUpResponse> {
  if (!config().signupEnabled) throw forbidden("error.forbidden.signupDisabled", "Sign-up is disabled on this service.");
  if (!isPlausibleSigningToken(input.token)) throw invalidLink();
  const tokenHash = signingTokenHash(input.token);
  const counted = await countConfirmationAttempt(db, tokenHash, now());
  if (!(await verifyPassword(input.password, counted.passwordHash))) throw wrongPassword(counted.passwordAttempts);

  const confirmed = db.transaction(async (tx) => {
    const at = now();
    // Locked and read again: a parallel confirmation may have used the link since it was counted.
    const [pending] = await tx.select().from(pendingSignUps).where(eq(pendingSignUps.tokenHash, tokenHash)).for("update");
    if (!pending) throw invalidLink();
    refuseUsedOrExpired(pending, at);
    await tx.update(pendingSignUps).set({ usedAt: at }).where(eq(pendingSignUps.tokenHash, tokenHash));
    return createAccountWithOwner(tx, pending);
  });
  // The e-mail registered meanwhile (another of its links confirmed first): the whole transaction rolled back.
  return confirmed.catch((error: unknown) => {
    if (isUniqueViolation(error, "users_email_unique")) throw conflict("error.conflict.emailExists", "An account with this e-mail was created meanwhile. Sign in with its e-mail and password.");
    throw error;
  });
}
