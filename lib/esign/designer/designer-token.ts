import { and, eq, isNotNull, isNull, lt, or } from "drizzle-orm";
import type { DesignerSignInResponse } from "@/lib/api/accounts";
import type { SenderAuthenticationTokenResponse } from "@/lib/api/signing-entry";
import type { Db, Queryable } from "@/lib/db/client";
import { userAuthenticationTokens } from "@/lib/db/schema";
import type { Caller } from "@/lib/esign/accounts/caller";
import { signInAnswer } from "@/lib/esign/accounts/sign-in";
import { issueDesignerKey } from "@/lib/esign/accounts/sign-in-keys";
import { tokenUserMember, USER_TOKEN_MINUTES } from "@/lib/esign/accounts/user-authentication-token";
import { now } from "@/lib/esign/clock";
import { conflict, forbidden, ServiceError } from "@/lib/esign/errors";
import type { PackageRow } from "@/lib/esign/packages/find-package";
import { isPlausibleSigningToken, newSigningToken, signingTokenHash } from "@/lib/esign/signing/links/signing-token";
import { designerReturnUrlOf } from "./designer-return";

/** How long a designer token can be redeemed: the original's 30 minutes, as the user authentication token. */
export const DESIGNER_TOKEN_MINUTES = USER_TOKEN_MINUTES;

const refused = (message: string) => new ServiceError(401, "error.unauthorised.senderAuthenticationToken", message);

/**
 * `POST /api/authenticationTokens/sender` for a DRAFT: a token that opens the console's builder of
 * this one package for its sender (the original's designer, `/auth?senderAuthenticationToken=…`).
 * Single use, within DESIGNER_TOKEN_MINUTES, kept as its hash. The package's sender asks for it, or,
 * as in the original ("only an account manager" for a package with a custom sender), the account
 * owner or a sender who manages the account's senders; the session it opens is the package's
 * sender's in any case, so what is done there is audited as theirs.
 */
export async function issueDesignerToken(db: Queryable, caller: Caller, row: PackageRow): Promise<SenderAuthenticationTokenResponse> {
  if (row.ownerUserId !== caller.user.id && !caller.user.isAccountOwner && !caller.permissions.has("users.manage")) {
    throw forbidden("error.forbidden.notPackageSender", "Only the package's sender or an account manager can open its designer.");
  }
  if (row.trashed) throw conflict("error.conflict.packageTrashed", "The package is in the trash; restore it before designing it.");
  const { token, tokenHash } = newSigningToken();
  const at = now();
  const expired = new Date(at.getTime() - DESIGNER_TOKEN_MINUTES * 60_000);
  await db.delete(userAuthenticationTokens).where(or(lt(userAuthenticationTokens.created, expired), and(eq(userAuthenticationTokens.packageId, row.id), lt(userAuthenticationTokens.usedAt, at))));
  await db.insert(userAuthenticationTokens).values({ tokenHash, userId: row.ownerUserId, accountId: row.accountId, packageId: row.id, created: at });
  return { packageId: row.id, value: token };
}

/** Whether `token` is a designer token (not yet redeemed or not): `/auth` sends it to the console rather than to a ceremony. */
export async function isDesignerToken(db: Queryable, token: string): Promise<boolean> {
  if (!isPlausibleSigningToken(token)) return false;
  const [row] = await db
    .select({ packageId: userAuthenticationTokens.packageId })
    .from(userAuthenticationTokens)
    .where(and(eq(userAuthenticationTokens.tokenHash, signingTokenHash(token)), isNotNull(userAuthenticationTokens.packageId)));
  return row !== undefined;
}

/**
 * `POST /api/signin/senderAuthenticationToken` (our extension, the console's): a designer token
 * exchanged, once, for a DESIGNER key of the package's sender, which the service lets act on that
 * package only (and the builder's reads), with the package the session is limited to and where the
 * designer returns to (`returnUrl`: the package's hand-over link, or null). The console keeps the
 * package in the session and refuses everything else too. Refused with 401 when
 * unknown, used, expired, when the package is no longer a DRAFT, or when its sender is no longer
 * active in the account.
 */
export async function redeemDesignerToken(db: Db, token: string): Promise<DesignerSignInResponse> {
  if (!isPlausibleSigningToken(token)) throw refused("This designer link is not valid.");
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(userAuthenticationTokens)
      .set({ usedAt: now() })
      .where(and(eq(userAuthenticationTokens.tokenHash, signingTokenHash(token)), isNull(userAuthenticationTokens.usedAt), isNotNull(userAuthenticationTokens.packageId)))
      .returning();
    if (!row || row.packageId === null) throw refused("This designer link is not valid, or it has been used: it works once.");
    if (now().getTime() - row.created.getTime() > DESIGNER_TOKEN_MINUTES * 60_000) {
      throw refused(`This designer link worked for ${DESIGNER_TOKEN_MINUTES} minutes and has expired; ask for a new one.`);
    }
    const member = await tokenUserMember(tx, row.userId, row.accountId);
    if (!member) throw refused("The sender of this package can no longer sign in to its account.");
    const returnUrl = await designerReturnUrlOf(tx, row.packageId);
    if (returnUrl === undefined) throw refused("The package of this designer link is no longer a draft.");
    const answer = await signInAnswer(member.user, member.account, await issueDesignerKey(tx, row.userId, row.accountId, row.packageId));
    return { ...answer, packageId: row.packageId, returnUrl };
  });
}
