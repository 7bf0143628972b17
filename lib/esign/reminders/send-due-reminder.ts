import { and, asc, eq, exists, getTableColumns, isNull, lte, notInArray, sql } from "drizzle-orm";
import { getDb, type Queryable, type Tx } from "@/lib/db/client";
import { approvals, packages, reminders, roles } from "@/lib/db/schema";
import { reminderEmail } from "@/lib/esign/outbox/messages";
import { queueEmail } from "@/lib/esign/outbox/queue-email";
import { recordEvent } from "@/lib/esign/audit/record-event";
import { signerRecipients, type SignerRecipient } from "@/lib/esign/signing/links/signer-recipients";
import { findPackageSender, senderName as nameOf } from "@/lib/esign/packages/package-content";
import { invitationUrlFor } from "@/lib/esign/signing/links/signing-links";
import { inScope, type SweepScope } from "@/lib/esign/time-based/sweep-scope";

type PackageRow = typeof packages.$inferSelect;

/**
 * The signers who have not finished: those whose role has an approval neither signed nor
 * accepted. A group signer is every member of the group. One entry per e-mail address (a person
 * holding two roles is reminded once, for the first in signing order).
 */
export async function unfinishedSigners(tx: Tx, packageId: string): Promise<SignerRecipient[]> {
  const pendingRoles = await tx
    .select({ id: roles.id, signer: roles.signer, signerEmail: roles.signerEmail })
    .from(roles)
    .where(
      and(
        eq(roles.packageId, packageId),
        exists(
          tx
            .select({ one: sql`1` })
            .from(approvals)
            .where(and(eq(approvals.packageId, packageId), eq(approvals.roleId, roles.id), eq(approvals.disabled, false), isNull(approvals.signed), isNull(approvals.accepted))),
        ),
      ),
    )
    .orderBy(asc(roles.index), asc(roles.position));

  const recipients = new Map<string, SignerRecipient>();
  for (const role of pendingRoles) {
    for (const recipient of await signerRecipients(tx, role)) {
      if (!recipients.has(recipient.email)) recipients.set(recipient.email, recipient);
    }
  }
  return [...recipients.values()];
}

/**
 * Sends at most one due reminder of one package, in one transaction: claims a SENT, untrashed
 * package with an unsent reminder due at `at` (FOR UPDATE SKIP LOCKED, so another instance or a
 * user changing the package skips it until the next sweep), e-mails its earliest due reminder to
 * every signer who has not finished, sets that reminder's `sentDate` and records REMINDER_SENT.
 * Further overdue reminders of the package (after downtime or a clock jump) stay pending and go
 * out on later sweeps, one per sweep. Packages in `skip` (already handled by this sweep) are left
 * alone. Answers the package handled, or null when nothing is due.
 */
export async function sendOneDueReminder(at: Date, skip: string[], scope: SweepScope = {}): Promise<string | null> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [pkg] = await reminderClaim(tx, at, skip, scope);
    if (!pkg) return null;

    const [reminder] = await tx
      .select()
      .from(reminders)
      .where(and(eq(reminders.packageId, pkg.id), isNull(reminders.sentDate), lte(reminders.date, at)))
      .orderBy(asc(reminders.date), asc(reminders.id))
      .limit(1)
      .for("update");
    const recipients = await unfinishedSigners(tx, pkg.id);
    await emailReminder(tx, pkg, recipients);
    await tx.update(reminders).set({ sentDate: at }).where(eq(reminders.id, reminder.id));
    await recordEvent(tx, {
      accountId: pkg.accountId,
      packageId: pkg.id,
      name: "REMINDER_SENT",
      sessionUser: pkg.ownerUserId,
      message: recipients.length ? `Reminder due ${reminder.date.toISOString()} sent to ${recipients.map((r) => r.email).join(", ")}` : `Reminder due ${reminder.date.toISOString()}: every signer has finished`,
    });
    return pkg.id;
  });
}

/** Each recipient gets a link of their own: a new INVITATION link of their role (for a group, naming the member). */
async function emailReminder(tx: Tx, pkg: PackageRow, recipients: SignerRecipient[]): Promise<void> {
  if (recipients.length === 0) return;
  const owner = await findPackageSender(tx, pkg.ownerUserId);
  const senderName = owner ? nameOf(owner) : "";
  for (const recipient of recipients) {
    const signingUrl = await invitationUrlFor(tx, pkg.id, recipient);
    const content = reminderEmail(
      { signerName: recipient.name, senderName, packageName: pkg.name, signingUrl },
      recipient.language || pkg.language,
    );
    await queueEmail(tx, { ...content, accountId: pkg.accountId, packageId: pkg.id, kind: "REMINDER", to: recipient.email });
  }
}

/**
 * The claim of a SENT, untrashed package with a reminder due at `at`, not in `skip`: the earliest
 * due reminder first, walked from the pending reminders' own index (reminders_pending_idx), each
 * to its package, so nothing of the history is read.
 */
export function reminderClaim(q: Queryable, at: Date, skip: string[], scope: SweepScope = {}) {
  return q
    .select(getTableColumns(packages))
    .from(reminders)
    .innerJoin(packages, eq(packages.id, reminders.packageId))
    .where(
      and(
        isNull(reminders.sentDate),
        lte(reminders.date, at),
        eq(packages.status, "SENT"),
        eq(packages.trashed, false),
        skip.length ? notInArray(packages.id, skip) : undefined,
        inScope(scope),
      ),
    )
    .orderBy(asc(reminders.date))
    .limit(1)
    .for("update", { of: packages, skipLocked: true });
}

/** Every package with a due reminder gets one (at most one per package per sweep); answers how many were sent. */
export async function sendDueReminders(at: Date, scope: SweepScope = {}): Promise<number> {
  const handled: string[] = [];
  for (;;) {
    const packageId = await sendOneDueReminder(at, handled, scope);
    if (!packageId) return handled.length;
    handled.push(packageId);
  }
}
