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

/** The app behind a client id and secret, with its creator, who must still be an active member (401 otherwise). */
async function authenticateApp(tx: Queryable, clientId: string, secret: string): Promise<{ app: ClientApp; creator: Member }> {
  // The share lock waits for a revocation in progress, so no token outlives its app's revocation.
  const [app] = await tx.select().from(clientApps).where(eq(clientApps.id, clientId)).for("share");
  if (!app || app.revoked || !sameHash(app.secretHash, lookupHash(secret))) {
    throw unauthorized("The client id or secret is not valid, or the client application was revoked.");
  }
  // A locked creator was deleted from the account while work was pending there (spec 3.5).
  const creator = await membership(tx, app.accountId, app.createdByUserId);
  if (!creator || creator.status !== "ACTIVE") {
    throw unauthorized("This client application no longer issues tokens: the user who created it is no longer an active member of its account.");
  }
  return { app, creator };
}

/** Stores a token acting as `userId` for ACCESS_TOKEN_MINUTES (only its lookup hash); `makeToken` shapes it around a fresh secret. */
async function storeAccessToken(tx: Queryable, app: ClientApp, userId: string, makeToken: (secret: string, expires: Date) => string): Promise<{ token: string; expires: Date }> {
  const issued = now();
  const expires = new Date(issued.getTime() + config().accessTokenMinutes * 60_000);
  // Housekeeping: the app's expired tokens are of no further use.
  await tx.delete(accessTokens).where(and(eq(accessTokens.clientAppId, app.id), lte(accessTokens.expires, issued)));
  const token = makeToken(generateSecret(), expires);
  await tx.insert(accessTokens).values({ lookupHash: lookupHash(token), clientAppId: app.id, accountId: app.accountId, userId, expires, created: issued });
  return { token, expires };
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
    const { app, creator } = await authenticateApp(tx, input.clientId, input.secret);
    let userId: string;
    if (input.type === "OWNER") {
      if (!creator.isOwner) throw ownerTokenNeedsOwnerApp();
      userId = creator.userId;
    } else {
      userId = await senderFor(tx, app, creator, input.email!);
    }
    const { token, expires } = await storeAccessToken(tx, app, userId, (secret) => secret);
    return { accessToken: token, expiresAt: expires.getTime() };
  });
}

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");

/**
 * `POST /oauth2/token` (OAuth 2.0 client credentials, RFC 6749 4.4): the same token as above,
 * acting as the sender `senderId` names (by user id) or else as the app's creator, shaped as a JWT
 * whose payload says `sub`, `exp` and `iat` (the SDKs read `exp` to renew it). The part after the
 * last dot is the secret: Signet checks the whole token against its stored hash, never a
 * signature, so the payload cannot be altered.
 */
export async function issueOAuthToken(db: Db, input: { clientId: string; secret: string; senderId?: string }): Promise<{ token: string; expires: Date }> {
  return db.transaction(async (tx) => {
    const { app, creator } = await authenticateApp(tx, input.clientId, input.secret);
    let userId = creator.userId;
    if (input.senderId && input.senderId !== creator.userId) {
      const [sender] = await tx
        .select({ email: users.email })
        .from(accountMemberships)
        .innerJoin(users, eq(users.id, accountMemberships.userId))
        .where(and(eq(accountMemberships.accountId, app.accountId), eq(accountMemberships.userId, input.senderId)));
      if (!sender) throw notFound("error.notFound.senderNotFound", `The client application's account has no sender ${input.senderId}.`);
      userId = await senderFor(tx, app, creator, sender.email);
    }
    return storeAccessToken(tx, app, userId, (secret, expires) => {
      const claims = { sub: userId, client_id: app.id, iat: Math.floor(now().getTime() / 1000), exp: Math.floor(expires.getTime() / 1000) };
      return `${base64url({ alg: "none", typ: "JWT" })}.${base64url(claims)}.${secret}`;
    });
  });
}
