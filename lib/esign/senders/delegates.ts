import { and, asc, eq, gt, inArray, isNull, or, sql } from "drizzle-orm";
import type { Db, Queryable, Tx } from "@/lib/db/client";
import { accountMemberships, senderDelegates, users } from "@/lib/db/schema";
import type { DelegateAddition, DelegatesReplacement, DelegatesResponse, WireDelegationUser } from "@/lib/api/delegates";
import { wireDate } from "@/lib/api/wire";
import type { Caller } from "@/lib/esign/accounts/caller";
import { recordAccountEvent } from "@/lib/esign/audit/record-event";
import { config } from "@/lib/config";
import { now } from "@/lib/esign/clock";
import { badRequest, conflict, forbidden, notFound } from "@/lib/esign/errors";
import { delegateNamedEmail } from "@/lib/esign/outbox/messages";
import { queueEmail } from "@/lib/esign/outbox/queue-email";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { findSender, senderNotFound, type AccountSender } from "./sender-record";

/**
 * Sender delegation (the original's `/api/account/senders/{senderId}/delegates`): a sender names
 * delegates among the account's senders; while a delegation is in force (not past its expiryDate,
 * the delegate an active member of the account) the delegate reads and acts on the delegator's
 * packages, and every action is recorded as done on the delegator's behalf (`onBehalfOf`).
 */

type DelegateRow = typeof senderDelegates.$inferSelect;

/** A delegation in force at `at`: no expiry date, or one still ahead. */
const inForce = (at: Date) => or(isNull(senderDelegates.expiryDate), gt(senderDelegates.expiryDate, at));

/**
 * Whether `delegateId` may act for `delegatorId` in the account now: a delegation in force, the
 * delegate an active, unlocked member. Read by who-may-see-a-package and by the audit trail.
 */
export async function actsFor(db: Queryable, accountId: string, delegateId: string, delegatorId: string): Promise<boolean> {
  if (delegateId === delegatorId) return false;
  const [row] = await db
    .select({ delegatorId: senderDelegates.delegatorId })
    .from(senderDelegates)
    .innerJoin(accountMemberships, and(eq(accountMemberships.accountId, senderDelegates.accountId), eq(accountMemberships.userId, senderDelegates.delegateId)))
    .innerJoin(users, eq(users.id, senderDelegates.delegateId))
    .where(
      and(
        eq(senderDelegates.accountId, accountId),
        eq(senderDelegates.delegatorId, delegatorId),
        eq(senderDelegates.delegateId, delegateId),
        inForce(now()),
        eq(accountMemberships.locked, false),
        eq(users.status, "ACTIVE"),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** The SQL list of the senders `delegateId` acts for now in the account (for the "Delegated to me" folder). */
export function delegatorsOf(accountId: string, delegateId: string) {
  return sql`select ${senderDelegates.delegatorId} from ${senderDelegates} where ${senderDelegates.accountId} = ${accountId} and ${senderDelegates.delegateId} = ${delegateId} and (${senderDelegates.expiryDate} is null or ${senderDelegates.expiryDate} > ${now()})`;
}

/** A sender manages their own delegates; whoever manages the account's senders (owners, administrators) anyone's. */
function assertMayManage(caller: Caller, senderId: string): void {
  if (senderId === caller.user.id || caller.user.isAccountOwner || caller.permissions.has(PERMISSIONS.usersManage)) return;
  throw forbidden("error.forbidden.noPermission", `Managing another sender's delegates needs the permission ${PERMISSIONS.usersManage}.`);
}

/** A date-only expiry lasts to the end of that day (UTC); a date-time is that instant. */
function expiryOf(value: string | null | undefined): Date | null {
  const text = value?.trim();
  if (!text) return null;
  const date = /^\d{4}-\d{2}-\d{2}$/.test(text) ? new Date(`${text}T23:59:59.999Z`) : new Date(text);
  if (Number.isNaN(date.getTime())) throw badRequest("error.validation.expiryDate", `Invalid expiryDate "${text.slice(0, 40)}": give a date such as 2026-05-30 or a UTC date-time.`);
  return date;
}

const fullName = (user: { firstName: string; lastName: string }) => `${user.firstName} ${user.lastName}`.trim();

/** Tells a newly named delegate, in their language, whose packages they now find in "Delegated to me". */
async function queueDelegateNamed(tx: Tx, caller: Caller, delegator: AccountSender, delegate: AccountSender, until: Date | null): Promise<void> {
  const content = delegateNamedEmail(
    { delegatorName: fullName(delegator.user) || delegator.user.email, accountName: caller.account.name, until, folderUrl: `${config().publicUrl}/packages?tab=delegated` },
    delegate.user.language,
  );
  await queueEmail(tx, { accountId: caller.account.id, kind: "DELEGATE_NAMED", to: delegate.user.email, ...content });
}

/** The ids of the sender's delegates now. */
async function delegateIds(tx: Queryable, accountId: string, delegatorId: string): Promise<Set<string>> {
  const rows = await tx
    .select({ id: senderDelegates.delegateId })
    .from(senderDelegates)
    .where(and(eq(senderDelegates.accountId, accountId), eq(senderDelegates.delegatorId, delegatorId)));
  return new Set(rows.map((row) => row.id));
}

/**
 * The sender a request names as delegate of `delegator`: a sender of the account (404 otherwise),
 * neither the delegator (400) nor locked or deleted (409). An invited sender may be named (the
 * original's SDK names senders it has just invited): they act once they have activated.
 */
async function delegateNamed(db: Queryable, caller: Caller, delegator: AccountSender, ref: { id?: string; email?: string }): Promise<AccountSender> {
  let id = ref.id?.trim();
  if (!id && ref.email) {
    const [member] = await db
      .select({ id: users.id })
      .from(accountMemberships)
      .innerJoin(users, eq(users.id, accountMemberships.userId))
      .where(and(eq(accountMemberships.accountId, caller.account.id), sql`lower(${users.email}) = ${ref.email.trim().toLowerCase()}`));
    if (!member) throw senderNotFound(ref.email.trim());
    id = member.id;
  }
  if (!id) throw badRequest("error.validation.delegateId", "Each delegate needs the id of a sender of the account.");
  const delegate = await findSender(db, caller, id);
  if (delegate.user.id === delegator.user.id) throw badRequest("error.validation.selfDelegation", "A sender cannot be their own delegate.");
  if (delegate.locked || (delegate.user.status !== "ACTIVE" && delegate.user.status !== "INVITED")) {
    throw conflict("error.conflict.delegateNotActive", `${delegate.user.email} is not an active sender of this account and cannot be a delegate.`);
  }
  return delegate;
}

async function delegatesOf(db: Queryable, caller: Caller, delegatorId: string): Promise<DelegatesResponse> {
  const rows = await db
    .select({ delegation: senderDelegates, user: users, locked: accountMemberships.locked })
    .from(senderDelegates)
    .innerJoin(users, eq(users.id, senderDelegates.delegateId))
    .innerJoin(accountMemberships, and(eq(accountMemberships.accountId, senderDelegates.accountId), eq(accountMemberships.userId, senderDelegates.delegateId)))
    .where(and(eq(senderDelegates.accountId, caller.account.id), eq(senderDelegates.delegatorId, delegatorId)))
    .orderBy(asc(senderDelegates.created), asc(users.email));
  const at = now();
  return rows.map(({ delegation, user, locked }) => wireDelegationUser(delegation, user, !locked && user.status === "ACTIVE" && (!delegation.expiryDate || delegation.expiryDate > at)));
}

function wireDelegationUser(delegation: DelegateRow, user: typeof users.$inferSelect, active: boolean): WireDelegationUser {
  const wire: WireDelegationUser = { id: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName, name: fullName(user), active, data: {} };
  if (delegation.expiryDate) wire.expiryDate = wireDate(delegation.expiryDate);
  return wire;
}

/** Which of the senders have named any delegate (the Sender's `hasDelegates`). */
export async function sendersWithDelegates(db: Queryable, accountId: string, senderIds: string[]): Promise<Set<string>> {
  if (senderIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ id: senderDelegates.delegatorId })
    .from(senderDelegates)
    .where(and(eq(senderDelegates.accountId, accountId), inArray(senderDelegates.delegatorId, senderIds)));
  return new Set(rows.map((row) => row.id));
}

/** `GET …/senders/{senderId}/delegates`: the sender's delegates, expired ones included (marked `active: false`). */
export async function listDelegates(db: Queryable, caller: Caller, senderId: string): Promise<DelegatesResponse> {
  await findSender(db, caller, senderId);
  assertMayManage(caller, senderId);
  return delegatesOf(db, caller, senderId);
}

/** `POST …/senders/{senderId}/delegates/{delegateId}`: adds the delegate, or changes their expiry date; answers the delegates. */
export async function addDelegate(db: Db, caller: Caller, senderId: string, delegateId: string, input: DelegateAddition): Promise<DelegatesResponse> {
  return db.transaction(async (tx) => {
    const delegator = await findSender(tx, caller, senderId, { forUpdate: true });
    assertMayManage(caller, senderId);
    const delegate = await delegateNamed(tx, caller, delegator, { id: delegateId });
    const expiryDate = expiryOf(input.expiryDate);
    if (!(await delegateIds(tx, caller.account.id, senderId)).has(delegate.user.id)) await queueDelegateNamed(tx, caller, delegator, delegate, expiryDate);
    await tx
      .insert(senderDelegates)
      .values({ accountId: caller.account.id, delegatorId: senderId, delegateId: delegate.user.id, expiryDate, created: now() })
      .onConflictDoUpdate({ target: [senderDelegates.accountId, senderDelegates.delegatorId, senderDelegates.delegateId], set: { expiryDate } });
    await recordAccountEvent(tx, caller, "SENDER_DELEGATES_SET", `${delegator.user.email} delegates to ${delegate.user.email}${expiryDate ? ` until ${wireDate(expiryDate)}` : ""}`);
    return delegatesOf(tx, caller, senderId);
  });
}

/** `PUT …/senders/{senderId}/delegates`: exactly these delegates afterwards (ids or DelegationUsers); answers them. */
export async function replaceDelegates(db: Db, caller: Caller, senderId: string, input: DelegatesReplacement): Promise<DelegatesResponse> {
  return db.transaction(async (tx) => {
    const delegator = await findSender(tx, caller, senderId, { forUpdate: true });
    assertMayManage(caller, senderId);
    const wanted = new Map<string, { delegate: AccountSender; expiryDate: Date | null }>();
    for (const item of input) {
      const delegate = await delegateNamed(tx, caller, delegator, item);
      wanted.set(delegate.user.id, { delegate, expiryDate: expiryOf(item.expiryDate) });
    }
    const before = await delegateIds(tx, caller.account.id, senderId);
    for (const { delegate, expiryDate } of wanted.values()) {
      if (!before.has(delegate.user.id)) await queueDelegateNamed(tx, caller, delegator, delegate, expiryDate);
    }
    await tx.delete(senderDelegates).where(and(eq(senderDelegates.accountId, caller.account.id), eq(senderDelegates.delegatorId, senderId)));
    if (wanted.size > 0) {
      const created = now();
      await tx.insert(senderDelegates).values(
        [...wanted.values()].map(({ delegate, expiryDate }, index) => ({
          accountId: caller.account.id,
          delegatorId: senderId,
          delegateId: delegate.user.id,
          expiryDate,
          // In the order given, as the list answers them.
          created: new Date(created.getTime() + index),
        })),
      );
    }
    const names = [...wanted.values()].map(({ delegate }) => delegate.user.email).join(", ") || "none";
    await recordAccountEvent(tx, caller, "SENDER_DELEGATES_SET", `${delegator.user.email} delegates to: ${names}`);
    return delegatesOf(tx, caller, senderId);
  });
}

/** `DELETE …/senders/{senderId}/delegates/{delegateId}`: one delegate removed (404 if not one). */
export async function removeDelegate(db: Db, caller: Caller, senderId: string, delegateId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const delegator = await findSender(tx, caller, senderId, { forUpdate: true });
    assertMayManage(caller, senderId);
    const removed = await tx
      .delete(senderDelegates)
      .where(and(eq(senderDelegates.accountId, caller.account.id), eq(senderDelegates.delegatorId, senderId), eq(senderDelegates.delegateId, delegateId)))
      .returning({ delegateId: senderDelegates.delegateId });
    if (removed.length === 0) throw notFound("error.notFound.delegateNotFound", `${delegateId} is not a delegate of sender ${senderId}.`);
    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, delegateId));
    await recordAccountEvent(tx, caller, "SENDER_DELEGATES_SET", `${delegator.user.email} no longer delegates to ${user?.email ?? delegateId}`);
  });
}

/** `DELETE …/senders/{senderId}/delegates`: every delegate removed. */
export async function clearDelegates(db: Db, caller: Caller, senderId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const delegator = await findSender(tx, caller, senderId, { forUpdate: true });
    assertMayManage(caller, senderId);
    const removed = await tx
      .delete(senderDelegates)
      .where(and(eq(senderDelegates.accountId, caller.account.id), eq(senderDelegates.delegatorId, senderId)))
      .returning({ delegateId: senderDelegates.delegateId });
    if (removed.length > 0) await recordAccountEvent(tx, caller, "SENDER_DELEGATES_SET", `${delegator.user.email} delegates to: none`);
  });
}
