import { and, eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { roleSigningStates } from "@/lib/db/schema";
import { missingSmsSettings, smsSettings } from "@/lib/config";
import type { Caller } from "@/lib/esign/accounts/caller";
import { recordEvent } from "@/lib/esign/audit/record-event";
import { now } from "@/lib/esign/clock";
import { conflict, tooManyRequests, unprocessable } from "@/lib/esign/errors";
import { signingLinkText } from "@/lib/esign/outbox/messages";
import { findPackageToChange } from "@/lib/esign/packages/find-package";
import { findPackageSender, senderName as nameOf } from "@/lib/esign/packages/package-content";
import { sendTextMessage } from "./authentication/sms";
import { phoneOf, storedAuthOf } from "./authentication/signer-auth";
import { groupIdOf, signerRecipients } from "./links/signer-recipients";
import { findSigningRole } from "./links/role-signing-links";
import { invitationUrlFor } from "./links/signing-links";
import { rolesWhoseTurnItIs } from "./turns";

/** A signer gets at most one texted link in this many seconds (a second click, a retrying client). */
export const LINK_TEXT_RESEND_SECONDS = 60;

/** The number a role's signer is texted at: their `phone` (the SDK's notification methods' phone), else their SMS authentication's. */
export function signerPhoneOf(signer: Record<string, unknown> | null | undefined): string {
  const phone = typeof signer?.phone === "string" ? signer.phone.trim() : "";
  return phone || phoneOf(storedAuthOf(signer?.auth));
}

/** The last four digits of a number, as the audit trail keeps it. */
const lastDigits = (phone: string) => `…${phone.replace(/\D/g, "").slice(-4)}`;

/**
 * `POST /api/packages/{packageId}/roles/{roleId}/sms_notification` (the original's "sends an SMS
 * notification to the signers linked to a role", its SDK's `sendSmsToSigner`): a fresh signing
 * link, like the invitation's, texted to the signer's phone in their language through the SMS
 * provider (the TWILIO_* settings). The same rules as sending the invitation again: the package
 * out for signing, the signer's turn come, not finished, not locked (409). A signer without a
 * phone, a group signer, or a service without a provider: 422 naming what is missing. At most one
 * text per signer every LINK_TEXT_RESEND_SECONDS (429). A text the provider refuses answers 502
 * and is recorded as SMS_NOT_SENT (a package alert); one it takes, as SIGNER_SMS_SENT.
 */
export async function textSigningLink(db: Db, caller: Caller, packageId: string, roleId: string): Promise<void> {
  const prepared = await db.transaction(async (tx) => {
    const pkg = await findPackageToChange(tx, caller, packageId);
    const role = await findSigningRole(tx, pkg.id, roleId);
    if (pkg.trashed) throw conflict("error.conflict.packageTrashed", "The package is in the trash; restore it before texting a signing link.");
    if (pkg.status !== "SENT") {
      const why = pkg.status === "DRAFT" ? "it is a DRAFT: send it first" : `it is ${pkg.status}`;
      throw conflict("error.conflict.packageNotSent", `A signing link is texted only while the package is out for signing (SENT); ${why}.`);
    }
    const [state] = await tx
      .select({ completed: roleSigningStates.completed, signerLocked: roleSigningStates.signerLocked, linkTexted: roleSigningStates.linkTexted })
      .from(roleSigningStates)
      .where(and(eq(roleSigningStates.packageId, pkg.id), eq(roleSigningStates.roleId, role.id)));
    if (state?.completed) throw conflict("error.conflict.signerCompleted", `The signer of role ${role.id} has finished signing; there is nothing to send them.`);
    if (!(await rolesWhoseTurnItIs(tx, pkg.id)).includes(role.id)) {
      throw conflict(
        "error.conflict.notSignersTurn",
        `It is not yet the turn of role ${role.id}: its signer gets a link once the signers before them in the signing order have finished.`,
      );
    }
    if (state?.signerLocked) throw conflict("error.conflict.signerLocked", `The signer of role ${role.id} is locked out after wrong one-time codes; unlock them first.`);
    if (groupIdOf(role) || role.signer?.group) {
      throw unprocessable("error.validation.groupSignerNotTexted", `Role ${role.id} is signed by a group, which has no phone number; send its members their invitation by e-mail instead.`);
    }
    const phone = signerPhoneOf(role.signer);
    if (!phone) {
      throw unprocessable(
        "error.validation.signerPhoneMissing",
        `The signer of role ${role.id} has no phone number to text the link to: give the signer a phone (signer.phone, the SDK's notification methods) or SMS authentication with a number.`,
      );
    }
    if (!smsSettings()) {
      throw unprocessable("error.validation.smsProviderMissing", `No text message provider is configured on this service: set ${missingSmsSettings().join(", ")}.`);
    }
    const at = now();
    if (state?.linkTexted && at.getTime() - state.linkTexted.getTime() < LINK_TEXT_RESEND_SECONDS * 1000) {
      const waitSeconds = Math.ceil((state.linkTexted.getTime() + LINK_TEXT_RESEND_SECONDS * 1000 - at.getTime()) / 1000);
      throw tooManyRequests(
        "error.tooManyRequests.signingLinkText",
        `A signing link was texted to this signer less than ${LINK_TEXT_RESEND_SECONDS} seconds ago; wait ${waitSeconds} more second(s) before sending another.`,
        waitSeconds,
      );
    }
    const [recipient] = await signerRecipients(tx, role);
    if (!recipient) throw unprocessable("error.validation.noRecipients", `Role ${role.id} has no signer to send a link to.`);
    const signingUrl = await invitationUrlFor(tx, pkg.id, recipient);
    await tx
      .update(roleSigningStates)
      .set({ linkTexted: at })
      .where(and(eq(roleSigningStates.packageId, pkg.id), eq(roleSigningStates.roleId, role.id)));
    const sender = await findPackageSender(tx, pkg.ownerUserId);
    const body = signingLinkText({ senderName: sender ? nameOf(sender) : "", packageName: pkg.name, signingUrl }, recipient.language || pkg.language);
    return { accountId: pkg.accountId, packageId: pkg.id, roleId: role.id, phone, body, previous: state?.linkTexted ?? null };
  });

  // Texted once the link is stored. A provider that fails answers 502; the wait is lifted so the
  // sender may try again at once, and the failure is kept as SMS_NOT_SENT for the package's alerts.
  const event = { accountId: prepared.accountId, packageId: prepared.packageId, sessionUser: caller.user.id, ipAddress: caller.ipAddress };
  try {
    await sendTextMessage(prepared.phone, prepared.body);
  } catch (error) {
    await db.transaction(async (tx) => {
      await tx
        .update(roleSigningStates)
        .set({ linkTexted: prepared.previous })
        .where(and(eq(roleSigningStates.packageId, prepared.packageId), eq(roleSigningStates.roleId, prepared.roleId)));
      const reason = error instanceof Error ? error.message : String(error);
      // Kept under the role, as an authentication code's failure is: the package's alerts name the signer by it.
      await recordEvent(tx, { ...event, sessionUser: prepared.roleId, name: "SMS_NOT_SENT", message: `The signing link texted to ${lastDigits(prepared.phone)} (role ${prepared.roleId}) was not sent. ${reason}` });
    });
    throw error;
  }
  await db.transaction((tx) =>
    recordEvent(tx, { ...event, name: "SIGNER_SMS_SENT", message: `Signing link texted to ${lastDigits(prepared.phone)} (role ${prepared.roleId})` }),
  );
}
