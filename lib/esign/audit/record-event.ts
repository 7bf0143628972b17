import type { Queryable, Tx } from "@/lib/db/client";
import { eq } from "drizzle-orm";
import { auditEvents, packages } from "@/lib/db/schema";
import type { Caller } from "@/lib/esign/accounts/caller";
import { now } from "@/lib/esign/clock";
import { actsFor } from "@/lib/esign/senders/delegates";
import { queueCallbackDelivery } from "./queue-callback-delivery";

/** Event names of spec section 6, delivered as callbacks. */
export const SPEC_EVENTS = [
  "DOCUMENT_SIGNED",
  "DOCUMENT_VIEWED",
  "EMAIL_BOUNCE",
  "KBA_FAILURE",
  "PACKAGE_ACTIVATE",
  "PACKAGE_ARCHIVE",
  "PACKAGE_ATTACHMENT",
  "PACKAGE_COMPLETE",
  "PACKAGE_CREATE",
  "PACKAGE_DEACTIVATE",
  "PACKAGE_DECLINE",
  "PACKAGE_DELETE",
  "PACKAGE_EXPIRE",
  "PACKAGE_OPT_OUT",
  "PACKAGE_READY_FOR_COMPLETE",
  "PACKAGE_RESTORE",
  "PACKAGE_TRASH",
  "ROLE_REASSIGN",
  "SIGNER_COMPLETE",
  "SIGNER_LOCKED",
  "TEMPLATE_CREATE",
] as const;

/**
 * Edits that prepare a package, which the spec has no event for (with PACKAGE_CREATE they make
 * the certificate's one "prepared" line, lib/esign/evidence/event-wording.ts).
 */
export const PREPARATION_EVENTS = [
  "PACKAGE_UPDATE",
  "DOCUMENT_ADD",
  "DOCUMENT_UPDATE",
  "DOCUMENT_DELETE",
  "DOCUMENT_REORDER",
  "ROLE_ADD",
  "ROLE_UPDATE",
  "ROLE_DELETE",
  "ROLE_REORDER",
  "APPROVAL_ADD",
  "APPROVAL_UPDATE",
  "APPROVAL_DELETE",
  "FIELD_ADD",
  "FIELD_UPDATE",
  "FIELD_DELETE",
  "REMINDER_SCHEDULE_SET",
  "REMINDER_SCHEDULE_DELETE",
  "ROLE_VERIFICATION_SET",
  "ROLE_VERIFICATION_DELETE",
] as const;

/** Changes the spec has no event for; kept in the audit trail, never sent as callbacks. */
export const AUDIT_ONLY_EVENTS = [
  ...PREPARATION_EVENTS,
  // Time-based rules, done by the service on the package owner's behalf.
  "REMINDER_SENT",
  "PACKAGE_PURGE",
  // The sender let a signer locked out by SIGNER_LOCKED try again.
  "SIGNER_UNLOCK",
  // A text message to a signer (their SMS authentication code) that the provider did not take: a package alert.
  "SMS_NOT_SENT",
  // A signer passed their own authentication (auth: questions answered, or an SMS code entered).
  "SIGNER_AUTHENTICATED",
  // The sender took an archived package back to COMPLETED (`{"status":"COMPLETED"}`); the spec has no event for it.
  "PACKAGE_UNARCHIVE",
  // The sender had a signer's invitation e-mailed again (POST .../roles/{roleId}/notifications).
  "SIGNER_REINVITE",
  // The sender's review of a signer's attachment on a SENT package: accepted (final) or rejected with a comment.
  "ATTACHMENT_ACCEPT",
  "ATTACHMENT_REJECT",
  // The sender hosts the ceremony in person: the signer their device now signs for.
  "IN_PERSON_HOST",
  // The notary of a notarized package adopted the notarial certificate (their step of the ceremony).
  "NOTARY_CERTIFICATE_ADOPT",
  // The package's virtual room (…/virtual-room/config) set: the hosted session's schedule and host.
  "VIRTUAL_ROOM_SET",
  // The sender had a signer's signing link texted to them (POST …/roles/{roleId}/sms_notification).
  "SIGNER_SMS_SENT",
  // Account administration: account-level events, packageId null.
  "SENDER_INVITE",
  "SENDER_REINVITE",
  "SENDER_ACTIVATE",
  "SENDER_UPDATE",
  "SENDER_LOCK",
  "SENDER_DELETE",
  "SENDER_ROLES_SET",
  // A sender's delegates named, changed or removed (…/senders/{id}/delegates).
  "SENDER_DELEGATES_SET",
  "ACCOUNT_ROLE_CREATE",
  "ACCOUNT_ROLE_UPDATE",
  "ACCOUNT_ROLE_DELETE",
  "GROUP_CREATE",
  "GROUP_UPDATE",
  "GROUP_DELETE",
  "GROUP_MEMBERS_ADD",
  "GROUP_MEMBER_REMOVE",
  "SUB_ACCOUNT_CREATE",
  "SUB_ACCOUNT_UPDATE",
  "CALLBACK_REGISTER",
  "CALLBACK_DELETE",
  // POST /api/callback/test: sent to the destination whatever it subscribes to.
  "CALLBACK_TEST",
  "CLIENT_APP_CREATE",
  "CLIENT_APP_REVOKE",
  "VERIFICATION_TYPE_ACTIVATE",
  "VERIFICATION_TYPE_DEACTIVATE",
  // An account settings document (lib/api/account-settings.ts) written, or set back to its defaults.
  "ACCOUNT_SETTINGS_UPDATE",
  "ACCOUNT_SETTINGS_RESET",
] as const;

export type EventName = (typeof SPEC_EVENTS)[number] | (typeof AUDIT_ONLY_EVENTS)[number];

export interface AuditEventInput {
  accountId: string;
  packageId: string | null;
  name: EventName;
  /** Id of whoever acted (sender or signer). */
  sessionUser: string;
  documentId?: string;
  message?: string;
  newRoleId?: string;
  ipAddress?: string;
  /** The signer's browser, for the evidence summary. */
  userAgent?: string;
  /**
   * The sender this was done for. Left out, a package event by a delegate of the package's owner
   * (sender_delegates, in force) is recorded as done on the owner's behalf.
   */
  onBehalfOf?: string | null;
}

const specEvents = new Set<string>(SPEC_EVENTS);

/**
 * Writes one audit event; call it with the transaction that makes the change. A spec event the
 * account's callback registration subscribes to also gets its delivery queued in that transaction.
 */
export async function recordEvent(tx: Queryable, event: AuditEventInput): Promise<void> {
  await recordEventReturningId(tx, event);
}

/** `recordEvent`, answering the event's id (for a caller that refers to the event, as the test callback does). */
export async function recordEventReturningId(tx: Queryable, event: AuditEventInput): Promise<number> {
  const onBehalfOf = event.onBehalfOf !== undefined ? event.onBehalfOf : event.packageId ? await delegatorServed(tx, event.packageId, event.sessionUser) : null;
  const [written] = await tx
    .insert(auditEvents)
    .values({
      accountId: event.accountId,
      packageId: event.packageId,
      name: event.name,
      sessionUser: event.sessionUser,
      documentId: event.documentId ?? null,
      message: event.message ?? null,
      newRoleId: event.newRoleId ?? null,
      ipAddress: event.ipAddress ?? null,
      userAgent: event.userAgent ?? null,
      onBehalfOf,
      created: now(),
    })
    .returning({ id: auditEvents.id });
  if (specEvents.has(event.name)) {
    // Every caller passes its transaction (the type also admits the database for reads elsewhere).
    await queueCallbackDelivery(tx as Tx, { id: written.id, accountId: event.accountId, packageId: event.packageId, name: event.name });
  }
  return written.id;
}

/**
 * The package's owner, when `sessionUser` is their delegate (a delegation in force) and not the
 * owner: whose behalf the event is done on. A signer's events (recorded by role id) never are.
 */
async function delegatorServed(tx: Queryable, packageId: string, sessionUser: string): Promise<string | null> {
  const [row] = await tx
    .select({ ownerUserId: packages.ownerUserId, accountId: packages.accountId })
    .from(packages)
    .where(eq(packages.id, packageId));
  if (!row || row.ownerUserId === sessionUser) return null;
  return (await actsFor(tx, row.accountId, sessionUser, row.ownerUserId)) ? row.ownerUserId : null;
}

/**
 * An account administration event (no package), done by the caller: in the caller's account
 * unless `accountId` names another (a sub account). `message` says what changed, never a secret.
 */
export async function recordAccountEvent(
  tx: Queryable,
  caller: Caller,
  name: EventName,
  message: string,
  accountId: string = caller.account.id,
): Promise<void> {
  await recordEvent(tx, { accountId, packageId: null, name, sessionUser: caller.user.id, message, ipAddress: caller.ipAddress });
}
