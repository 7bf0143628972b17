import { and, eq, isNull, lt, or } from "drizzle-orm";
import type { SignInResponse, UserAuthenticationTokenResponse } from "@/lib/api/accounts";
import type { Db, Queryable } from "@/lib/db/client";
import { accessTokens, accountMemberships, accounts, userAuthenticationTokens, users } from "@/lib/db/schema";
import { now } from "@/lib/esign/clock";
import { ServiceError } from "@/lib/esign/errors";
import { isPlausibleSigningToken, newSigningToken, signingTokenHash } from "@/lib/esign/signing/links/signing-token";
import type { Caller } from "./caller";
import { signInAnswer } from "./sign-in";
import { issueTokenSignInKey, signInKeyOf } from "./sign-in-keys";

/** How long a user authentication token can be redeemed, as the original service's. */
export const USER_TOKEN_MINUTES = 30;

const refused = (message: string) => new ServiceError(401, "error.unauthorised.authenticationToken", message);

/**
 * `POST /api/authenticationTokens/user`: a token that signs the caller in to the console, in the
 * account of the key or access token that asked, at `/auth?authenticationToken=<value>`: single
 * use, within USER_TOKEN_MINUTES. Asked for with an access token, it is tied to that token: it
 * goes when the token does (expiry sweep, client app revoked), and so does the key it signs in
 * with. Tokens past use are swept here.
 */
export async function issueUserAuthenticationToken(db: Db, caller: Caller): Promise<UserAuthenticationTokenResponse> {
  const { token, tokenHash } = newSigningToken();
  const at = now();
  await db.transaction(async (tx) => {
    const expired = new Date(at.getTime() - USER_TOKEN_MINUTES * 60_000);
    await tx.delete(userAuthenticationTokens).where(or(lt(userAuthenticationTokens.created, expired), and(eq(userAuthenticationTokens.userId, caller.user.id), lt(userAuthenticationTokens.usedAt, at))));
    await tx
      .insert(userAuthenticationTokens)
      .values({ tokenHash, userId: caller.user.id, accountId: caller.account.id, accessTokenHash: caller.accessTokenHash ?? null, created: at });
  });
  return { value: token };
}

/**
 * `POST /api/signin/authenticationToken` (our extension, the console's): the token exchanged, once,
 * for a sign-in key of its user in its account. A token asked for with an API key answers the
 * user's sign-in key there, as a password sign-in does; one asked for with an access token answers
 * a key of its own that works only while that access token does, with its limits (no keys, no
 * client apps), and is deleted with it. Unknown, used and expired tokens, tokens whose access
 * token has expired or was revoked, and users no longer active in the account, are refused with 401.
 */
/** The token's user with its account, while the user may still sign in there (not deleted, not only invited); undefined otherwise. */
export async function tokenUserMember(tx: Queryable, userId: string, accountId: string) {
  const [member] = await tx
    .select({ user: users, account: { id: accounts.id, name: accounts.name } })
    .from(accountMemberships)
    .innerJoin(users, eq(users.id, accountMemberships.userId))
    .innerJoin(accounts, eq(accounts.id, accountMemberships.accountId))
    .where(and(eq(accountMemberships.userId, userId), eq(accountMemberships.accountId, accountId)));
  return member && member.user.status !== "DELETED" && member.user.status !== "INVITED" ? member : undefined;
}

export async function redeemUserAuthenticationToken(db: Db, token: string): Promise<SignInResponse> {
  if (!isPlausibleSigningToken(token)) throw refused("This sign-in link is not valid.");
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(userAuthenticationTokens)
      .set({ usedAt: now() })
      // A designer token (packageId) opens only its package's designer, never a whole console.
      .where(and(eq(userAuthenticationTokens.tokenHash, signingTokenHash(token)), isNull(userAuthenticationTokens.usedAt), isNull(userAuthenticationTokens.packageId)))
      .returning();
    if (!row) throw refused("This sign-in link is not valid, or it has been used: it works once.");
    if (now().getTime() - row.created.getTime() > USER_TOKEN_MINUTES * 60_000) {
      throw refused(`This sign-in link worked for ${USER_TOKEN_MINUTES} minutes and has expired; ask for a new one.`);
    }
    const member = await tokenUserMember(tx, row.userId, row.accountId);
    if (!member) throw refused("The user of this sign-in link can no longer sign in to its account.");
    if (row.accessTokenHash === null) return signInAnswer(member.user, member.account, await signInKeyOf(tx, row.userId, row.accountId));
    // Share-locked: a revocation in progress is waited for, so the key cannot outlive it.
    const [accessToken] = await tx.select({ expires: accessTokens.expires }).from(accessTokens).where(eq(accessTokens.lookupHash, row.accessTokenHash)).for("share");
    if (!accessToken || accessToken.expires <= now()) {
      throw refused("The access token this sign-in link was asked for has expired or was revoked, and the link with it.");
    }
    return signInAnswer(member.user, member.account, await issueTokenSignInKey(tx, row.userId, row.accountId, row.accessTokenHash));
  });
}
