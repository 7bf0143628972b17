import type { Tx } from "@/lib/db/client";
import type { packages } from "@/lib/db/schema";
import { signingCancelledEmail } from "@/lib/esign/outbox/messages";
import { queueEmail } from "@/lib/esign/outbox/queue-email";
import { signerRecipients, type SignerRecipient } from "@/lib/esign/signing/links/signer-recipients";
import { signingRolesWithState } from "@/lib/esign/signing/turns";
import { findPackageSender, senderName as nameOf } from "./package-content";

type PackageRow = typeof packages.$inferSelect;

/**
 * The people who were invited to sign: every member of each signing role that got its invitation
 * (`notified`), one entry per e-mail address. Read before the signing progress is dropped.
 */
async function invitedSigners(tx: Tx, packageId: string): Promise<SignerRecipient[]> {
  const recipients = new Map<string, SignerRecipient>();
  for (const { role } of (await signingRolesWithState(tx, packageId)).filter((row) => row.notified)) {
    for (const recipient of await signerRecipients(tx, role)) {
      if (!recipients.has(recipient.email)) recipients.set(recipient.email, recipient);
    }
  }
  return [...recipients.values()];
}

/**
 * A SENT package taken back to draft with a reason (our `message` extension of the status
 * change): each invited signer is e-mailed that the signing was cancelled, with the sender's
 * reason quoted, in the caller's transaction. Call it before the signing progress is dropped.
 */
export async function emailSigningCancelled(tx: Tx, pkg: PackageRow, reason: string): Promise<void> {
  const recipients = await invitedSigners(tx, pkg.id);
  if (recipients.length === 0) return;
  const sender = await findPackageSender(tx, pkg.ownerUserId);
  const senderName = sender ? nameOf(sender) : "";
  for (const recipient of recipients) {
    const content = signingCancelledEmail({ signerName: recipient.name, senderName, packageName: pkg.name, reason }, recipient.language || pkg.language);
    await queueEmail(tx, { ...content, accountId: pkg.accountId, packageId: pkg.id, kind: "SIGNING_CANCELLED", to: recipient.email });
  }
}
