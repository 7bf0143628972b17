import { timingSafeEqual } from "node:crypto";
import { and, asc, eq, lte } from "drizzle-orm";
import type { Db, Queryable } from "@/lib/db/client";
import { accessTokens, accountMemberships, clientApps, users } from "@/lib/db/schema";
import type { AccessTokenRequest, AccessTokenResponse } from "@/lib/api/client-apps";
import { config } from "@/lib/config";
import { now } from "@/lib/esign/clock";
import { notFound, unauthorized, unprocessable } from "@/lib/esign/errors";
import { generateSecret, lookupHash } from "@/lib/esign/security/secret-crypto";

type ClientApp = typeof clientApps.$inferSelect;

function sameHash(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

/** The account's owner: the app's creator when they are an owner, otherwise the first owner. */
async function accountOwner(tx: Queryable, app: ClientApp): Promise<string> {
  const owners = await tx
    .select({ userId: accountMemberships.userId })
    .from(accountMemberships)
    .where(and(eq(accountMemberships.accountId, app.accountId), eq(accountMemberships.isOwner, true)))
    .orderBy(asc(accountMemberships.created), asc(accountMemberships.userId));
  if (owners.length === 0) throw unprocessable("error.validation.accountHasNoOwner", "The client application's account has no owner to act as.");
  return owners.find((owner) => owner.userId === app.createdByUserId)?.userId ?? owners[0].userId;
}

/** The member of the app's account with that e-mail; 404 when the account has no such sender. */
async function accountSender(tx: Queryable, accountId: string, email: string): Promise<string> {
  const [member] = await tx
    .select({ userId: users.id })
    .from(accountMemberships)
    .innerJoin(users, eq(users.id, accountMemberships.userId))
    .where(and(eq(accountMemberships.accountId, accountId), eq(users.email, email.toLowerCase())));
  if (!member) throw notFound("error.notFound.senderNotFound", `The client application's account has no sender with the e-mail ${email}.`);
  return member.userId;
}

/**
 * `POST /apitoken/clientApp/accessToken`: exchanges a client application's secret for a
 * short-lived token (ACCESS_TOKEN_MINUTES) acting as the account owner (OWNER) or as the sender
 * named by `email` (SENDER). The token is stored only as a lookup hash.
 */
export async function issueAccessToken(db: Db, input: AccessTokenRequest): Promise<AccessTokenResponse> {
  return db.transaction(async (tx) => {
    // The share lock waits for a revocation in progress, so no token outlives its app's revocation.
    const [app] = await tx.select().from(clientApps).where(eq(clientApps.id, input.clientId)).for("share");
    if (!app || app.revoked || !sameHash(app.secretHash, lookupHash(input.secret))) {
      throw unauthorized("The client id or secret is not valid, or the client application was revoked.");
    }
    const userId = input.type === "OWNER" ? await accountOwner(tx, app) : await accountSender(tx, app.accountId, input.email!);
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
