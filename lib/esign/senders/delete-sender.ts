import { and, count, eq, inArray, or, sql } from "drizzle-orm";
import type { Db, Queryable } from "@/lib/db/client";
import {
  accessTokens,
  accountMemberships,
  apiKeys,
  clientApps,
  groupMembers,
  groups,
  packages,
  roles,
  senderDelegates,
  senderInvitations,
  userAccountRoles,
  users,
} from "@/lib/db/schema";
import type { WireSender } from "@/lib/api/senders";
import type { Caller } from "@/lib/esign/accounts/caller";
import { assertMayAdminister } from "@/lib/esign/accounts/privileges";
import { recordAccountEvent } from "@/lib/esign/audit/record-event";
import { revokeClientAppsOf } from "@/lib/esign/client-apps/revoke-client-apps-of";
import { now } from "@/lib/esign/clock";
import { conflict } from "@/lib/esign/errors";
import { findSender, readSender, type UserRow } from "./sender-record";

export type DeleteSenderOutcome = { outcome: "LOCKED"; sender: WireSender } | { outcome: "DELETED" };

/**
 * Spec 3.5: a sender who still has work in the account (a draft of their own, or a sent package
 * waiting for their signature) is locked instead of deleted; they keep their key to read.
 */
async function hasPendingWork(tx: Queryable, accountId: string, user: UserRow): Promise<boolean> {
  const [{ drafts }] = await tx
    .select({ drafts: count() })
    .from(packages)
    .where(
      and(
        eq(packages.accountId, accountId),
        eq(packages.ownerUserId, user.id),
        eq(packages.type, "PACKAGE"),
        eq(packages.status, "DRAFT"),
        eq(packages.trashed, false),
      ),
    );
  if (drafts > 0) return true;
  const [{ inbox }] = await tx
    .select({ inbox: count() })
    .from(packages)
    .innerJoin(roles, eq(roles.packageId, packages.id))
    .where(
      and(
        eq(packages.accountId, accountId),
        eq(packages.status, "SENT"),
        eq(packages.trashed, false),
        sql`lower(${roles.signerEmail}) = ${user.email.toLowerCase()}`,
        eq(roles.signs, true),
      ),
    );
  return inbox > 0;
}

/** Everything that makes the user a sender of this account: roles, keys, tokens, group places, the membership, the invitation. */
async function removeFromAccount(tx: Queryable, accountId: string, userId: string): Promise<void> {
  await tx.delete(userAccountRoles).where(and(eq(userAccountRoles.accountId, accountId), eq(userAccountRoles.userId, userId)));
  await tx.delete(apiKeys).where(and(eq(apiKeys.accountId, accountId), eq(apiKeys.userId, userId)));
  await tx.delete(accessTokens).where(and(eq(accessTokens.accountId, accountId), eq(accessTokens.userId, userId)));
  const accountGroups = tx.select({ id: groups.id }).from(groups).where(eq(groups.accountId, accountId));
  await tx.delete(groupMembers).where(and(eq(groupMembers.userId, userId), inArray(groupMembers.groupId, accountGroups)));
  await tx.delete(senderInvitations).where(and(eq(senderInvitations.accountId, accountId), eq(senderInvitations.userId, userId)));
  await tx.delete(accountMemberships).where(and(eq(accountMemberships.accountId, accountId), eq(accountMemberships.userId, userId)));
  // Delegations either way: nobody acts for a former sender, and they act for nobody here.
  await tx
    .delete(senderDelegates)
    .where(and(eq(senderDelegates.accountId, accountId), or(eq(senderDelegates.delegatorId, userId), eq(senderDelegates.delegateId, userId))));
}

/**
 * A user who belongs to no account any more: removed entirely when nothing refers to them, or
 * else (they own packages or created client applications, whose history names them) kept as
 * status DELETED, without password, keys or invitation, so the packages still show their sender.
 */
async function retireIfMemberOfNothing(tx: Queryable, userId: string): Promise<void> {
  const [{ memberships }] = await tx.select({ memberships: count() }).from(accountMemberships).where(eq(accountMemberships.userId, userId));
  if (memberships > 0) return;
  await tx.delete(apiKeys).where(eq(apiKeys.userId, userId));
  await tx.delete(accessTokens).where(eq(accessTokens.userId, userId));
  await tx.delete(senderInvitations).where(eq(senderInvitations.userId, userId));
  await tx.delete(userAccountRoles).where(eq(userAccountRoles.userId, userId));
  await tx.delete(groupMembers).where(eq(groupMembers.userId, userId));
  const [{ owned }] = await tx.select({ owned: count() }).from(packages).where(eq(packages.ownerUserId, userId));
  const [{ apps }] = await tx.select({ apps: count() }).from(clientApps).where(eq(clientApps.createdByUserId, userId));
  if (owned === 0 && apps === 0) {
    await tx.delete(users).where(eq(users.id, userId));
  } else {
    await tx.update(users).set({ status: "DELETED", passwordHash: null, updated: now() }).where(eq(users.id, userId));
  }
}

/**
 * `DELETE /api/account/senders/{id}`: locks the sender in this account when they still have drafts
 * or an inbox here (spec 3.5; their other accounts are untouched), otherwise removes them from the
 * account (and from the service when they belong to no other account). Only a member the caller
 * may administer (403 otherwise); never the account owner or the caller themselves (409). Audit
 * events are kept either way.
 */
export async function deleteSender(db: Db, caller: Caller, senderId: string): Promise<DeleteSenderOutcome> {
  return db.transaction(async (tx) => {
    const sender = await findSender(tx, caller, senderId, { forUpdate: true });
    const { user } = sender;
    // Oneself passes here to get the conflict below, which holds for the owner too.
    await assertMayAdminister(tx, caller, user.id, { allowSelf: true });
    if (sender.isOwner) throw conflict("error.conflict.accountOwner", "The account owner cannot be deleted.");
    if (user.id === caller.user.id) throw conflict("error.conflict.deleteSelf", "You cannot delete yourself; ask another administrator of the account.");

    if (await hasPendingWork(tx, caller.account.id, user)) {
      if (!sender.locked) {
        await tx
          .update(accountMemberships)
          .set({ locked: true })
          .where(and(eq(accountMemberships.accountId, caller.account.id), eq(accountMemberships.userId, user.id)));
        await recordAccountEvent(tx, caller, "SENDER_LOCK", `locked ${user.email} (drafts or inbox pending)`);
        // A locked sender may read, not act: tokens from their client apps would let them act.
        await revokeClientAppsOf(tx, caller.account.id, user.id, caller);
      }
      return { outcome: "LOCKED", sender: await readSender(tx, caller, { user, locked: true }) };
    }
    await revokeClientAppsOf(tx, caller.account.id, user.id, caller);
    await removeFromAccount(tx, caller.account.id, user.id);
    await retireIfMemberOfNothing(tx, user.id);
    await recordAccountEvent(tx, caller, "SENDER_DELETE", `deleted ${user.email}`);
    return { outcome: "DELETED" };
  });
}
