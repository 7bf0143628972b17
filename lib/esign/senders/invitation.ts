import type { Queryable } from "@/lib/db/client";
import { senderInvitations } from "@/lib/db/schema";
import { now } from "@/lib/esign/clock";
import { encryptSecret, generateSecret, lookupHash } from "@/lib/esign/security/secret-crypto";
import { activationUrl } from "./sender-record";

/** How long an activation link works. */
export const INVITATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * A new activation link for the user (replacing any earlier one): the token is stored encrypted,
 * so that the account owner can read the link back, and found by its keyed hash.
 */
export async function issueInvitation(tx: Queryable, userId: string, accountId: string): Promise<string> {
  const token = generateSecret();
  const values = {
    accountId,
    lookupHash: lookupHash(token),
    encryptedToken: encryptSecret(token),
    created: now(),
    expires: new Date(now().getTime() + INVITATION_LIFETIME_MS),
  };
  await tx
    .insert(senderInvitations)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: senderInvitations.userId, set: values });
  return activationUrl(token);
}
