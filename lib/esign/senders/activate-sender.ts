import { and, eq } from "drizzle-orm";
import type { Db, Queryable } from "@/lib/db/client";
import { accountMemberships, accounts, senderInvitations, users } from "@/lib/db/schema";
import type { SenderActivation, SenderActivationResponse } from "@/lib/api/senders";
import { recordEvent } from "@/lib/esign/audit/record-event";
import { now } from "@/lib/esign/clock";
import { badRequest, conflict, ServiceError } from "@/lib/esign/errors";
import { passwordWeakness } from "@/lib/api/password-rule";
import { hashPassword } from "@/lib/esign/security/passwords";
import { lookupHash } from "@/lib/esign/security/secret-crypto";

/** Activation of an invited sender (spec 3.5): the link's token and a password make the user ACTIVE. */

async function invitationByToken(db: Queryable, token: string, options: { forUpdate?: boolean } = {}) {
  const query = db
    .select({ invitation: senderInvitations, user: users, accountName: accounts.name, locked: accountMemberships.locked })
    .from(senderInvitations)
    .innerJoin(users, eq(users.id, senderInvitations.userId))
    .innerJoin(accounts, eq(accounts.id, senderInvitations.accountId))
    .innerJoin(accountMemberships, and(eq(accountMemberships.accountId, senderInvitations.accountId), eq(accountMemberships.userId, senderInvitations.userId)))
    .where(eq(senderInvitations.lookupHash, lookupHash(token)));
  const [row] = options.forUpdate ? await query.for("update") : await query;
  return row;
}

type InvitationRow = NonNullable<Awaited<ReturnType<typeof invitationByToken>>>;

/** The invitation when its link can be used; otherwise the service error that says why. */
function usableInvitation(row: InvitationRow | undefined): InvitationRow {
  if (!row) {
    throw badRequest(
      "error.validation.invalidActivationToken",
      "This activation link is not valid: it may have been used already or replaced by a newer invitation. Ask your account administrator for a new one.",
    );
  }
  if (row.invitation.expires <= now()) {
    throw badRequest(
      "error.validation.expiredActivationToken",
      "This activation link has expired (links work for 7 days). Ask your account administrator to invite you again.",
    );
  }
  // Locked in the account that invited them: deleted there while work was pending.
  if (row.locked) {
    throw conflict("error.conflict.senderLocked", "This sender has been locked by the account administrator: the link can no longer be used.");
  }
  // A sender created ACTIVE (as the original service allows) still chooses a password with the link.
  const awaitsPassword = row.user.status === "INVITED" || (row.user.status === "ACTIVE" && row.user.passwordHash === null);
  if (!awaitsPassword) {
    throw conflict("error.conflict.alreadyActivated", "This account has already been activated; sign in with your password.");
  }
  return row;
}

export type InvitationState =
  | { state: "valid"; email: string; firstName: string; accountName: string }
  | { state: "invalid" | "expired" | "used"; message: string };

/** What the activation page shows for a token, before the user types a password. */
export async function describeInvitation(db: Queryable, token: string): Promise<InvitationState> {
  try {
    const { user, accountName } = usableInvitation(await invitationByToken(db, token));
    return { state: "valid", email: user.email, firstName: user.firstName, accountName };
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    const state = error.status === 409 ? "used" : error.messageKey === "error.validation.expiredActivationToken" ? "expired" : "invalid";
    return { state, message: error.message };
  }
}

/**
 * `POST /api/account/activation` (our extension, public): checks the token (unknown or expired:
 * 400; user no longer invited: 409), then sets the password, makes the user ACTIVE and deletes
 * the invitation in one transaction. The user's API key works from then on. The audit event names
 * the activated user as the one who acted (nobody is signed in on this public route).
 */
export async function activateSender(db: Db, input: SenderActivation, ipAddress?: string): Promise<SenderActivationResponse> {
  // Checked before the password so that a dead link is reported as such, then again under lock.
  usableInvitation(await invitationByToken(db, input.token));
  const weakness = passwordWeakness(input.password);
  if (weakness) throw badRequest("error.validation.weakPassword", weakness);
  const passwordHash = await hashPassword(input.password);

  return db.transaction(async (tx) => {
    const { user, invitation } = usableInvitation(await invitationByToken(tx, input.token, { forUpdate: true }));
    await tx.update(users).set({ passwordHash, status: "ACTIVE", updated: now() }).where(eq(users.id, user.id));
    await tx.delete(senderInvitations).where(eq(senderInvitations.userId, user.id));
    await recordEvent(tx, {
      accountId: invitation.accountId,
      packageId: null,
      name: "SENDER_ACTIVATE",
      sessionUser: user.id,
      message: `activated ${user.email}`,
      ipAddress,
    });
    return { id: user.id, email: user.email, status: "ACTIVE" as const };
  });
}
