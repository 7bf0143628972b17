import { setTimeout as sleep } from "node:timers/promises";
import { and, eq, isNull, lte, sql } from "drizzle-orm";
import type {
  PasswordResetCompletion,
  PasswordResetLinkCheck,
  PasswordResetLinkState,
  PasswordResetRequest,
  PasswordResetRequestResponse,
  PasswordSetResponse,
} from "@/lib/api/accounts";
import { passwordWeakness } from "@/lib/api/password-rule";
import { config } from "@/lib/config";
import type { Db } from "@/lib/db/client";
import { passwordResetRequests, passwordResetTokens, signInFailures, users } from "@/lib/db/schema";
import { passwordResetEmail } from "@/lib/esign/outbox/messages";
import { queueEmail } from "@/lib/esign/outbox/queue-email";
import { now } from "@/lib/esign/clock";
import { badRequest, conflict, gone, tooManyRequests, tryAgainInMinutes } from "@/lib/esign/errors";
import { hashPassword } from "@/lib/esign/security/passwords";
import { rateLimitKey } from "@/lib/http/ip-address";
import { countEmailedRequest, type EmailedRequestLimits } from "./emailed-request-limits";
import { revokeSignInCredentialsOf } from "./sign-in-keys";
import { isPlausibleSigningToken, newSigningToken, signingTokenHash } from "@/lib/esign/signing/links/signing-token";

/** How long a reset link works. */
export const RESET_LINK_MINUTES = 60;
/**
 * Requests counted: those of the last hour, for one e-mail from one client address, and from one
 * address whatever the e-mail. Never for an e-mail from everywhere: strangers' requests would then
 * block the user's own.
 */
export const RESET_WINDOW_MS = 60 * 60 * 1000;
export const RESET_REQUESTS_PER_EMAIL_AND_IP = 3;
export const RESET_REQUESTS_PER_IP = 20;
const RESET_REQUEST_LIMITS: EmailedRequestLimits = {
  table: passwordResetRequests,
  windowMs: RESET_WINDOW_MS,
  perEmailAndAddress: RESET_REQUESTS_PER_EMAIL_AND_IP,
  perAddress: RESET_REQUESTS_PER_IP,
  refusal: (waitSeconds) => tooManyRequests("error.tooManyRequests.passwordReset", `Too many password reset requests; ${tryAgainInMinutes(waitSeconds)}.`, waitSeconds),
};

const SAME_ANSWER: PasswordResetRequestResponse = {
  message: "If an account uses this e-mail address, a link to choose a new password is on its way. It works once, for 60 minutes.",
};

/** The console's page the e-mail's link opens. */
export function passwordResetUrl(token: string): string {
  return `${config().publicUrl}/reset-password/${encodeURIComponent(token)}`;
}

/**
 * `POST /api/signin/passwordReset` (our extension, public): when the e-mail is an active user's, a
 * single-use link valid RESET_LINK_MINUTES is e-mailed (the token kept only as its hash). The
 * answer is the same whether or not it is, so nobody learns who has an account. More than
 * RESET_REQUESTS_PER_EMAIL_AND_IP requests for one e-mail from one address, or RESET_REQUESTS_PER_IP
 * from one address, within the hour are refused with 429 and Retry-After, for every e-mail alike;
 * the user still asks from their own address meanwhile. The answer never
 * comes sooner than SIGN_IN_FAILURE_DELAY_MS, so that the e-mail's few more writes do not show.
 */
export async function requestPasswordReset(db: Db, input: PasswordResetRequest, clientAddress: string): Promise<PasswordResetRequestResponse> {
  const ipAddress = rateLimitKey(clientAddress);
  const started = performance.now();
  const email = input.email.trim().toLowerCase();
  const at = now();
  await db.transaction(async (tx) => {
    // The user's row locked first: two requests for one user are counted one after the other.
    const [user] = await tx.select().from(users).where(sql`lower(${users.email}) = ${email}`).for("update");
    await countEmailedRequest(tx, RESET_REQUEST_LIMITS, email, ipAddress, at);
    if (!user || user.status !== "ACTIVE") return;

    const { token, tokenHash } = newSigningToken();
    await tx.delete(passwordResetTokens).where(lte(passwordResetTokens.expires, at));
    await tx.insert(passwordResetTokens).values({ tokenHash, userId: user.id, created: at, expires: new Date(at.getTime() + RESET_LINK_MINUTES * 60_000) });
    const userName = `${user.firstName} ${user.lastName}`.trim() || user.email;
    const content = passwordResetEmail({ userName, resetUrl: passwordResetUrl(token), minutesValid: RESET_LINK_MINUTES }, user.language);
    await queueEmail(tx, { accountId: user.accountId, kind: "PASSWORD_RESET", to: user.email, ...content });
  });
  const remaining = config().signInFailureDelayMs - (performance.now() - started);
  if (remaining > 0) await sleep(remaining);
  return SAME_ANSWER;
}

const invalidLink = () =>
  badRequest("error.validation.invalidPasswordResetToken", "This password reset link is not valid. Ask for a new one from the sign-in page.");

/** Why a known link no longer sets a password: used (410), expired (410), its user not active (409); null while it works. */
function linkRefusal(link: { usedAt: Date | null; expires: Date }, user: { status: string }, at: Date) {
  if (link.usedAt) return gone("error.gone.passwordResetTokenUsed", "This password reset link has been used already: it works once. Ask for a new one if you need to.");
  if (link.expires <= at) return gone("error.gone.passwordResetTokenExpired", `This password reset link worked for ${RESET_LINK_MINUTES} minutes and has expired. Ask for a new one.`);
  if (user.status !== "ACTIVE") return conflict("error.conflict.userNotActive", "The account of this link can no longer sign in.");
  return null;
}

/**
 * `POST /api/signin/passwordReset/check` (our extension, public): whether a reset link still sets a
 * password, so that the page the link opens says it was used or has expired before asking for a
 * new password. The same refusals as completing it; it changes nothing, and names no user.
 */
export async function checkPasswordResetLink(db: Db, input: PasswordResetLinkCheck): Promise<PasswordResetLinkState> {
  if (!isPlausibleSigningToken(input.token)) throw invalidLink();
  const [row] = await db
    .select({ link: passwordResetTokens, user: users })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(eq(passwordResetTokens.tokenHash, signingTokenHash(input.token)));
  if (!row) throw invalidLink();
  const refusal = linkRefusal(row.link, row.user, now());
  if (refusal) throw refusal;
  return { valid: true, expires: row.link.expires.toISOString() };
}

/**
 * `POST /api/signin/passwordReset/complete` (our extension, public): the link's token and a new
 * password (the sign-up rule). Unknown token: 400; used or expired: 410; a user no longer active:
 * 409. On success the password is set, this link and every other outstanding one of the user are
 * used up, every sign-in key of the user stops working (integration keys stay), and the e-mail's
 * failed sign-ins are forgotten. Answers whose password it was, so that
 * the console ends that user's sessions.
 */
export async function completePasswordReset(db: Db, input: PasswordResetCompletion): Promise<PasswordSetResponse> {
  if (!isPlausibleSigningToken(input.token)) throw invalidLink();
  const weakness = passwordWeakness(input.password);
  if (weakness) throw badRequest("error.validation.weakPassword", weakness);
  // A made-up token costs one indexed read, never the password hash's CPU and memory.
  const [known] = await db.select({ userId: passwordResetTokens.userId }).from(passwordResetTokens).where(eq(passwordResetTokens.tokenHash, signingTokenHash(input.token)));
  if (!known) throw invalidLink();
  const passwordHash = await hashPassword(input.password);

  return db.transaction(async (tx) => {
    const at = now();
    const [row] = await tx
      .select({ link: passwordResetTokens, user: users })
      .from(passwordResetTokens)
      .innerJoin(users, eq(users.id, passwordResetTokens.userId))
      .where(eq(passwordResetTokens.tokenHash, signingTokenHash(input.token)))
      .for("update");
    if (!row) throw invalidLink();
    const refusal = linkRefusal(row.link, row.user, at);
    if (refusal) throw refusal;

    await tx.update(passwordResetTokens).set({ usedAt: at }).where(and(eq(passwordResetTokens.userId, row.user.id), isNull(passwordResetTokens.usedAt)));
    await tx.update(users).set({ passwordHash, updated: at }).where(eq(users.id, row.user.id));
    await tx.delete(signInFailures).where(eq(signInFailures.email, row.user.email.toLowerCase()));
    await revokeSignInCredentialsOf(tx, row.user.id);
    return { id: row.user.id, email: row.user.email };
  });
}
