import { and, eq, inArray, isNull, lt } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import { apiKeys, userAuthenticationTokens } from "@/lib/db/schema";
import { now } from "@/lib/esign/clock";
import { newId } from "@/lib/esign/ids";
import { decryptSecret, encryptSecret, lookupHash } from "@/lib/esign/security/secret-crypto";
import { newApiKey } from "./account-setup";

/**
 * Sign-in keys: what a sign-in answers (the console keeps it in its session), apart from the
 * integration keys that programs use. A password change or reset deletes them all, so whoever
 * knew the old password loses the access it gave; integration keys stay.
 */

const ownSignInKey = (userId: string, accountId: string) =>
  and(eq(apiKeys.userId, userId), eq(apiKeys.accountId, accountId), eq(apiKeys.kind, "SIGN_IN"), isNull(apiKeys.accessTokenHash));

function signInKeyRow(userId: string, accountId: string, accessTokenHash: string | null) {
  const apiKey = newApiKey(userId);
  return { apiKey, row: { id: newId(), userId, accountId, kind: "SIGN_IN" as const, accessTokenHash, lookupHash: lookupHash(apiKey), encryptedKey: encryptSecret(apiKey) } };
}

/** The user's sign-in key in the account, decrypted; made when they have none there (one per user and account, by a unique index). */
export async function signInKeyOf(db: Queryable, userId: string, accountId: string): Promise<string> {
  const stored = () => db.select({ encryptedKey: apiKeys.encryptedKey }).from(apiKeys).where(ownSignInKey(userId, accountId));
  const [existing] = await stored();
  if (existing) return decryptSecret(existing.encryptedKey);
  const { apiKey, row } = signInKeyRow(userId, accountId, null);
  const inserted = await db.insert(apiKeys).values(row).onConflictDoNothing().returning({ id: apiKeys.id });
  if (inserted.length > 0) return apiKey;
  // A sign-in in parallel made it first.
  const [theirs] = await stored();
  return decryptSecret(theirs.encryptedKey);
}

/** How long an embedded designer session's key works: the console session it is kept in lasts 8 hours. */
export const DESIGNER_KEY_HOURS = 8;

/**
 * A new key of the package's sender for one embedded designer session: it acts only on that
 * package and the builder's reads (the service refuses it the rest: lib/http/api-handler.ts), for
 * DESIGNER_KEY_HOURS. The user's expired designer keys are swept here.
 */
export async function issueDesignerKey(tx: Queryable, userId: string, accountId: string, packageId: string): Promise<string> {
  const apiKey = newApiKey(userId);
  await tx.delete(apiKeys).where(and(eq(apiKeys.userId, userId), eq(apiKeys.kind, "DESIGNER"), lt(apiKeys.created, new Date(now().getTime() - DESIGNER_KEY_HOURS * 3_600_000))));
  await tx.insert(apiKeys).values({ id: newId(), userId, accountId, kind: "DESIGNER", packageId, lookupHash: lookupHash(apiKey), encryptedKey: encryptSecret(apiKey) });
  return apiKey;
}

/** A new sign-in key in the account that works only while the access token does, and goes with it. */
export async function issueTokenSignInKey(tx: Queryable, userId: string, accountId: string, accessTokenHash: string): Promise<string> {
  const { apiKey, row } = signInKeyRow(userId, accountId, accessTokenHash);
  await tx.insert(apiKeys).values(row);
  return apiKey;
}

/**
 * After a password change or reset: every sign-in key of the user, in every account, stops
 * working, and so does every user authentication token of theirs (each would sign in to a fresh
 * sign-in key: one asked for with the old access just before a reset would outlive it).
 */
export async function revokeSignInCredentialsOf(tx: Queryable, userId: string): Promise<void> {
  await tx.delete(apiKeys).where(and(eq(apiKeys.userId, userId), inArray(apiKeys.kind, ["SIGN_IN", "DESIGNER"])));
  await tx.delete(userAuthenticationTokens).where(eq(userAuthenticationTokens.userId, userId));
}

/** A fresh sign-in key of the user in the account, after `revokeSignInCredentialsOf` in the same transaction. */
export async function renewSignInKey(tx: Queryable, userId: string, accountId: string): Promise<string> {
  const { apiKey, row } = signInKeyRow(userId, accountId, null);
  await tx.insert(apiKeys).values(row);
  return apiKey;
}
