import { and, eq, gt, inArray } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import { accountMemberships, groupMembers, groups, senderInvitations, users } from "@/lib/db/schema";
import type { SenderStatus, SenderType, WireGroupMembership, WireSender } from "@/lib/api/senders";
import { wireDate } from "@/lib/api/wire";
import { config } from "@/lib/config";
import type { Caller } from "@/lib/esign/accounts/caller";
import { mayAdminister } from "@/lib/esign/accounts/privileges";
import { now } from "@/lib/esign/clock";
import { notFound } from "@/lib/esign/errors";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { decryptSecret } from "@/lib/esign/security/secret-crypto";
import { sendersWithDelegates } from "./delegates";
import { appendTo } from "@/lib/collections";

/** Reading senders: a sender is a user who is a member of the caller's account. */

export type UserRow = typeof users.$inferSelect;

/** A user as a member of one account. */
export interface AccountMember {
  user: UserRow;
  /** Locked in this account (deleted while work was pending here): shown as LOCKED here only. */
  locked: boolean;
}

export interface AccountSender extends AccountMember {
  /** The account owner: cannot be deleted and keeps every permission. */
  isOwner: boolean;
}

export const senderNotFound = (id: string) => notFound("error.notFound.senderNotFound", `Sender ${id} was not found.`);
/** What the original answers for a missing user where it speaks of users, not senders (`…/senders/{id}/roles`). */
export const userNotFound = (id: string) => notFound("error.notFound.userNotFound", `User ${id} was not found.`);

/**
 * The member `senderId` of the caller's account, or 404 exactly as if it did not exist (a user of
 * another account). With `forUpdate` the user row is locked until the transaction ends.
 */
export async function findSender(
  db: Queryable,
  caller: Caller,
  senderId: string,
  options: { forUpdate?: boolean; notFound?: (id: string) => Error } = {},
): Promise<AccountSender> {
  const query = db
    .select({ user: users, isOwner: accountMemberships.isOwner, locked: accountMemberships.locked })
    .from(accountMemberships)
    .innerJoin(users, eq(users.id, accountMemberships.userId))
    .where(and(eq(accountMemberships.accountId, caller.account.id), eq(accountMemberships.userId, senderId)));
  const [row] = options.forUpdate ? await query.for("update") : await query;
  if (!row) throw (options.notFound ?? senderNotFound)(senderId);
  return row;
}

/** The link an invited user follows to set a password (`/activate/<token>`). */
export function activationUrl(token: string): string {
  return `${config().publicUrl}/activate/${encodeURIComponent(token)}`;
}

/** The groups of the account each user belongs to (the Sender's `memberships`). */
export async function groupMembershipsOf(db: Queryable, accountId: string, userIds: string[]): Promise<Map<string, WireGroupMembership[]>> {
  const result = new Map<string, WireGroupMembership[]>();
  if (userIds.length === 0) return result;
  const rows = await db
    .select({ userId: groupMembers.userId, groupId: groups.id, groupName: groups.name, memberType: groupMembers.memberType })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .where(and(eq(groups.accountId, accountId), inArray(groupMembers.userId, userIds)))
    .orderBy(groups.name, groups.id);
  for (const { userId, ...membership } of rows) appendTo(result, userId, membership);
  return result;
}

/**
 * The sender's status in this account: LOCKED when their membership here is, whatever they are
 * elsewhere, invited ones included (the caller's own status keeps those INVITED: `statusInAccount`).
 */
export function senderStatus({ user, locked }: AccountMember): SenderStatus {
  return (locked ? "LOCKED" : user.status) as SenderStatus;
}

/** The Sender on the wire: the OneSpan Sign shape, with defaults instead of nulls. */
export function wireSender(member: AccountMember, memberships: WireGroupMembership[], link?: string): WireSender {
  const { user } = member;
  const wire: WireSender = {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    name: `${user.firstName} ${user.lastName}`.trim(),
    company: user.company,
    title: user.title,
    phone: user.phone,
    language: user.language,
    timezoneId: user.timezoneId || "GMT",
    status: senderStatus(member),
    type: user.type as SenderType,
    created: wireDate(user.created),
    updated: wireDate(user.updated),
    memberships,
    hasDelegates: false,
    userCustomFields: [],
    professionalIdentityFields: [],
    specialTypes: [],
    data: {},
  };
  if (link) wire.activationUrl = link;
  return wire;
}

/** The invitation link of an INVITED user, while it has not expired. */
async function pendingActivationUrl(db: Queryable, userId: string): Promise<string | undefined> {
  const [invitation] = await db
    .select({ encryptedToken: senderInvitations.encryptedToken })
    .from(senderInvitations)
    .where(and(eq(senderInvitations.userId, userId), gt(senderInvitations.expires, now())));
  return invitation ? activationUrl(decryptSecret(invitation.encryptedToken)) : undefined;
}

/**
 * One sender as the caller sees it. The activation link lets whoever follows it become the
 * invitee, with their roles: it is shown only to a caller who manages senders and may administer
 * this one (the owner always).
 */
export async function readSender(db: Queryable, caller: Caller, member: AccountMember): Promise<WireSender> {
  const { user } = member;
  const mayReadLink = senderStatus(member) === "INVITED" && caller.permissions.has(PERMISSIONS.usersManage) && (await mayAdminister(db, caller, user.id));
  // One after the other: `db` is often a transaction, one connection running one statement at a time.
  const memberships = await groupMembershipsOf(db, caller.account.id, [user.id]);
  const link = mayReadLink ? await pendingActivationUrl(db, user.id) : undefined;
  const delegating = await sendersWithDelegates(db, caller.account.id, [user.id]);
  return { ...wireSender(member, memberships.get(user.id) ?? [], link), hasDelegates: delegating.has(user.id) };
}
