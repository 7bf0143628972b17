import { randomBytes } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { and, asc, desc, eq, gt, lte, ne, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { accountMemberships, accounts, signInFailures, users } from "@/lib/db/schema";
import type { SignInRequest, SignInResponse } from "@/lib/api/accounts";
import { config } from "@/lib/config";
import { now } from "@/lib/esign/clock";
import { forbidden, ServiceError, tooManyRequests, tryAgainInMinutes } from "@/lib/esign/errors";
import { hashPassword, verifyPassword } from "@/lib/esign/security/passwords";
import { rateLimitKey } from "@/lib/http/ip-address";
import { signInKeyOf } from "./sign-in-keys";

/** Failures counted: those of the last 15 minutes. */
export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;
/**
 * Failures within the window after which the next attempt is refused without looking at the
 * password: for one e-mail from one address, and from one address whatever the e-mail. Never for
 * an e-mail from everywhere: that would let anyone lock a user out by failing on purpose.
 */
export const SIGN_IN_FAILURES_PER_EMAIL_AND_IP = 5;
export const SIGN_IN_FAILURES_PER_IP = 30;

const badCredentials = () => new ServiceError(401, "error.unauthorised.badCredentials", "The e-mail address or the password is not right.");

/** Checked when there is no password to check, so an unknown e-mail costs the same scrypt as a known one. */
let dummyHash: Promise<string> | undefined;
const dummyPasswordHash = () => (dummyHash ??= hashPassword(randomBytes(18).toString("base64")));

/**
 * This attempt, written as a failure before the password is checked (and deleted again when it is
 * refused for the limit or the password proves right): parallel guesses each see the others, so
 * no burst gets past the limit. Rows that left the window go at the same time (by the index on
 * `created`), so the table holds one window's failures at most.
 */
async function reserveAttempt(db: Db, email: string, ipAddress: string, at: Date): Promise<number> {
  await db.delete(signInFailures).where(lte(signInFailures.created, new Date(at.getTime() - SIGN_IN_WINDOW_MS)));
  const [row] = await db.insert(signInFailures).values({ email, ipAddress, created: at }).returning({ id: signInFailures.id });
  return row.id;
}

/**
 * Seconds until one more attempt of these failures (`which`) is allowed, or null when this one is:
 * when the failures in the window, this attempt's included, exceed `limit`, the wait is until
 * enough of the others (oldest first) leave the window for the next attempt to be within it.
 */
async function waitFor(db: Db, which: SQL | undefined, limit: number, reservation: number, at: Date): Promise<number | null> {
  const counted = await db
    .select({ created: signInFailures.created })
    .from(signInFailures)
    .where(and(which, gt(signInFailures.created, new Date(at.getTime() - SIGN_IN_WINDOW_MS)), ne(signInFailures.id, reservation)))
    .orderBy(asc(signInFailures.created));
  if (counted.length + 1 <= limit) return null;
  const leaving = counted[counted.length - limit].created;
  return Math.max(1, Math.ceil((leaving.getTime() + SIGN_IN_WINDOW_MS - at.getTime()) / 1000));
}

function tooManyAttempts(waitSeconds: number): ServiceError {
  return tooManyRequests("error.tooManyRequests.signIn", `Too many failed sign-ins; ${tryAgainInMinutes(waitSeconds)}.`, waitSeconds);
}

/**
 * An attempt at a user's password (a sign-in, a password change), counted as a failure under the
 * e-mail and the client's address before the password is checked; refused with 429 when either is
 * over its limit. Answers the function that forgets this attempt, for one that is not a guess.
 */
export async function countPasswordAttempt(db: Db, email: string, clientAddress: string): Promise<() => Promise<unknown>> {
  const ipAddress = rateLimitKey(clientAddress);
  const at = now();
  const reservation = await reserveAttempt(db, email, ipAddress, at);
  const waits = await Promise.all([
    waitFor(db, and(eq(signInFailures.email, email), eq(signInFailures.ipAddress, ipAddress)), SIGN_IN_FAILURES_PER_EMAIL_AND_IP, reservation, at),
    waitFor(db, eq(signInFailures.ipAddress, ipAddress), SIGN_IN_FAILURES_PER_IP, reservation, at),
  ]);
  const forget = () => db.delete(signInFailures).where(eq(signInFailures.id, reservation));
  if (waits.some((wait) => wait !== null)) {
    await forget();
    throw tooManyAttempts(Math.max(...waits.map((wait) => wait ?? 0)));
  }
  return forget;
}

/** The user's home account (`users.accountId`), or, if they were removed from it, the first account they joined after. */
async function signInAccount(db: Db, user: typeof users.$inferSelect) {
  const [row] = await db
    .select({ id: accounts.id, name: accounts.name })
    .from(accountMemberships)
    .innerJoin(accounts, eq(accounts.id, accountMemberships.accountId))
    .where(eq(accountMemberships.userId, user.id))
    .orderBy(desc(sql`${accountMemberships.accountId} = ${user.accountId}`), asc(accountMemberships.created), asc(accountMemberships.accountId))
    .limit(1);
  return row;
}

/**
 * `POST /api/signin` (our extension): e-mail and password exchanged for the user's sign-in key in
 * their home account (lib/esign/accounts/sign-in-keys.ts), which the console keeps in its session:
 * not an integration key, and revoked by a password change or reset. Sign-up being disabled does
 * not matter here.
 *
 * - A wrong password, an unknown e-mail, a user without password and a deleted user all answer
 *   the same 401 after the same work (scrypt against a stand-in hash when there is no real one)
 *   and never sooner than SIGN_IN_FAILURE_DELAY_MS.
 * - An invited sender who has not activated yet is told so (403), whatever the password.
 * - A member locked in the account signs in: locked senders still read.
 * - Each failure is recorded under the lower-cased e-mail and the client's address. More than
 *   5 for the e-mail from that address, or more than 30 from the address, within 15 minutes make
 *   that address wait: further attempts answer 429 with `retryAfterSeconds` (the Retry-After
 *   header), the password unchecked. The user signs in from their own address meanwhile. An
 *   IPv6 address counts by its /64. A successful sign-in clears the e-mail's failures from there.
 */
export async function signIn(db: Db, input: SignInRequest, ipAddress: string): Promise<SignInResponse> {
  const started = performance.now();
  const refuseSlowly = async (error: ServiceError): Promise<never> => {
    const remaining = config().signInFailureDelayMs - (performance.now() - started);
    if (remaining > 0) await sleep(remaining);
    throw error;
  };

  const email = input.email.trim().toLowerCase();
  const forgetAttempt = await countPasswordAttempt(db, email, ipAddress);

  const [user] = await db.select().from(users).where(sql`lower(${users.email}) = ${email}`);
  const stored = user?.passwordHash ?? null;
  const passwordRight = (await verifyPassword(input.password, stored ?? (await dummyPasswordHash()))) && stored !== null;

  if (user?.status === "INVITED") {
    // Not a guess: there is no password to guess yet.
    await forgetAttempt();
    return refuseSlowly(forbidden("error.forbidden.senderNotActivated", "This sender has not activated their account yet; follow the link in the invitation e-mail first."));
  }
  if (!user || !passwordRight || user.status === "DELETED") return refuseSlowly(badCredentials());
  const account = await signInAccount(db, user);
  if (!account) return refuseSlowly(badCredentials());

  // This address's failures only: a guesser elsewhere keeps counting while the user signs in.
  await db.delete(signInFailures).where(and(eq(signInFailures.email, email), eq(signInFailures.ipAddress, rateLimitKey(ipAddress))));
  const apiKey = await db.transaction(async (tx) => {
    // A password change or reset committed since the check revokes sign-in keys: none may follow it with the old password.
    const [current] = await tx.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, user.id)).for("share");
    if (current?.passwordHash !== stored) return null;
    return signInKeyOf(tx, user.id, account.id);
  });
  if (apiKey === null) return refuseSlowly(badCredentials());
  return signInAnswer(user, account, apiKey);
}

/** What a sign-in answers, by password or by token: a sign-in key of the user in the account, who and where. */
export function signInAnswer(user: typeof users.$inferSelect, account: { id: string; name: string }, apiKey: string): SignInResponse {
  return {
    apiKey,
    user: { id: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName },
    account,
  };
}
