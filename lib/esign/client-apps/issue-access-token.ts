import { timingSafeEqual } from "node:crypto";
import { and, eq, lte } from "drizzle-orm";
import type { Db, Queryable } from "@/lib/db/client";
import { accessTokens, accountMemberships, clientApps, users } from "@/lib/db/schema";
import type { AccessTokenRequest, AccessTokenResponse } from "@/lib/api/client-apps";
import { config } from "@/lib/config";
import { statusInAccount } from "@/lib/esign/accounts/caller";
import { effectivePermissions } from "@/lib/esign/accounts/privileges";
import { now } from "@/lib/esign/clock";
import { forbidden, notFound, unauthorized } from "@/lib/esign/errors";
import { generateSecret, lookupHash } from "@/lib/esign/security/secret-crypto";

type ClientApp = typeof clientApps.$inferSelect;

interface Member {
  userId: string;
  /** In the app's account: INVITED, ACTIVE or LOCKED. */
  status: string;
  isOwner: boolean;
}

const memberColumns = {
  userId: users.id,
  userStatus: users.status,
  isOwner: accountMemberships.isOwner,
  locked: accountMemberships.locked,
};

function toMember(row: { userId: string; userStatus: string; isOwner: boolean; locked: boolean }): Member {
  return { userId: row.userId, status: statusInAccount(row.userStatus, row.locked), isOwner: row.isOwner };
}

function sameHash(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

const ownerTokenNeedsOwnerApp = () =>
  forbidden(
    "error.forbidden.ownerTokenNeedsOwnerApp",
    "Acting as an account owner needs a client application created by a current owner of the account; " +
      "this one was created by someone who is not an owner. Ask an owner to create the application, or ask for a SENDER token.",
  );

/** The user's membership of the account (share-locked, so a removal in progress is waited for), or null. */
async function membership(tx: Queryable, accountId: string, userId: string): Promise<Member | null> {
  const [row] = await tx
    .select(memberColumns)
    .from(accountMemberships)
    .innerJoin(users, eq(users.id, accountMemberships.userId))
    .where(and(eq(accountMemberships.accountId, accountId), eq(accountMemberships.userId, userId)))
    .for("share", { of: accountMemberships });
  return row ? toMember(row) : null;
}

/** The member of the app's account with that e-mail; 404 when the account has no such sender. */
async function accountSender(tx: Queryable, accountId: string, email: string): Promise<Member> {
  const [row] = await tx
    .select(memberColumns)
    .from(accountMemberships)
    .innerJoin(users, eq(users.id, accountMemberships.userId))
    .where(and(eq(accountMemberships.accountId, accountId), eq(users.email, email.toLowerCase())));
  if (!row) throw notFound("error.notFound.senderNotFound", `The client application's account has no sender with the e-mail ${email}.`);
  return toMember(row);
}

/**
 * The user a SENDER token acts as. An app never reaches beyond its creator: a sender's token is
 * issued only when the creator is an owner, or holds today every permission that sender holds
 * (and the sender is no owner, whose token would act with every permission and as an owner).
 */
async function senderFor(tx: Queryable, app: ClientApp, creator: Member, email: string): Promise<string> {
  const sender = await accountSender(tx, app.accountId, email);
  if (sender.status === "INVITED") {
    throw forbidden(
      "error.forbidden.senderNotActivated",
      `The sender ${email} has not activated their account yet, so every call with their token would be refused; they must follow their invitation link first.`,
    );
  }
  if (creator.isOwner || sender.userId === creator.userId) return sender.userId;
  if (sender.isOwner) throw ownerTokenNeedsOwnerApp();
  const creatorHolds = await effectivePermissions(tx, app.accountId, creator.userId);
  const senderHolds = await effectivePermissions(tx, app.accountId, sender.userId);
  const beyondCreator = [...senderHolds].filter((permission) => !creatorHolds.has(permission)).sort();
  if (beyondCreator.length > 0) {
    throw forbidden(
      "error.forbidden.senderTokenExceedsCreator",
      `A client application may act only as senders whose permissions its creator holds; ${email} holds ${beyondCreator.join(", ")}, which the creator of this application does not.`,
    );
  }
  return sender.userId;
}

/**
 * `POST /apitoken/clientApp/accessToken`: exchanges a client application's secret for a
 * short-lived token (ACCESS_TOKEN_MINUTES) acting as the app's creator when they are an owner
 * (OWNER), or as the sender named by `email` (SENDER), within what the creator may do today.
 * An app whose creator is no longer an active member of its account issues nothing, as if
 * revoked. The token is stored only as a lookup hash.
 */
export async function issueAccessToken(db: Db, input: AccessTokenRequest): Promise<AccessTokenResponse> {
  return db.transaction(async (tx) => {
    // The share lock waits for a revocation in progress, so no token outlives its app's revocation.
    const [app] = await tx.select().from(clientApps).where(eq(clientApps.id, input.clientId)).for("share");
    if (!app || app.revoked || !sameHash(app.secretHash, lookupHash(input.secret))) {
      throw unauthorized("The client id or secret is not valid, or the client application was revoked.");
    }
    // A locked creator was deleted from the account while work was pending there (spec 3.5).
    const creator = await membership(tx, app.accountId, app.createdByUserId);
    if (!creator || creator.status !== "ACTIVE") {
      throw unauthorized("This client application no longer issues tokens: the user who created it is no longer an active member of its account.");
    }
    let userId: string;
    if (input.type === "OWNER") {
      if (!creator.isOwner) throw ownerTokenNeedsOwnerApp();
      userId = creator.userId;
    } else {
      userId = await senderFor(tx, app, creator, input.email!);
    }
    const issued = now();
    const expires = new Date(issued.getTime() + config().accessTokenMinutes * 60_000);
    // Housekeeping: the app's expired tokens are of no further use.
    await tx.delete(accessTokens).where(and(eq(accessTokens.clientAppId, app.id), lte(accessTokens.expires, issued)));
    const accessToken = generateSecret();
    await tx.insert(accessTokens).values({
      lookupHash: lookupHash(accessToken),
      clientAppId: app.id,
      accountId: app.accountId,
      userId,
      expires,
      created: issued,
    });
    return { accessToken, expiresAt: expires.getTime() };
  });
}
