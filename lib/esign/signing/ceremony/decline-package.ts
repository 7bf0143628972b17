import { eq } from "drizzle-orm";
import type { Tx } from "@/lib/db/client";
import { packages } from "@/lib/db/schema";
import { declinedEmail } from "@/lib/esign/outbox/messages";
import { queueEmail } from "@/lib/esign/outbox/queue-email";
import { recordEvent } from "@/lib/esign/audit/record-event";
import { refusalOption } from "@/lib/api/package-settings";
import { readDeclineReasons } from "@/lib/esign/account-settings/account-config";
import { now } from "@/lib/esign/clock";
import { badRequest, forbidden } from "@/lib/esign/errors";
import { findPackageSender, senderName } from "@/lib/esign/packages/package-content";
import { clearPendingReminders } from "@/lib/esign/reminders/plan-reminders";
import { assertMayAct, type SignerContext } from "./signer-context";

/** settings.ceremony: `declineButton`/`optOutButton` false turn the way out off; listed reasons without "other" are the only ones. */
function assertRefusalAllowed(settings: Record<string, unknown>, how: "DECLINE" | "OPT_OUT", reason: string, accountReasons: string[]): void {
  const option = refusalOption(settings, how, accountReasons);
  const what = how === "DECLINE" ? "declining" : "opting out";
  if (!option.allowed) {
    throw forbidden(`error.forbidden.${how === "DECLINE" ? "declineDisabled" : "optOutDisabled"}`, `The sender of this package does not allow ${what}.`);
  }
  if (!option.otherAllowed && !option.reasons.includes(reason)) {
    throw badRequest("error.validation.refusalReason", `Choose one of the reasons the sender lists for ${what}: ${option.reasons.join("; ")}.`);
  }
}

/**
 * The signer refuses: declining to sign (DECLINED, PACKAGE_DECLINE with the reason) or opting out of
 * signing electronically (OPTED_OUT, PACKAGE_OPT_OUT). Either ends signing for everyone: reminders
 * are dropped and the sender is told, with the reason.
 */
export async function refuseToSign(tx: Tx, context: SignerContext, how: "DECLINE" | "OPT_OUT", reason: string): Promise<void> {
  assertMayAct(context, how === "DECLINE" ? "declining" : "opting out");
  const { pkg, role, session } = context;
  assertRefusalAllowed(pkg.settings, how, reason, how === "DECLINE" ? await readDeclineReasons(tx, pkg.accountId, pkg.language) : []);
  const at = now();
  await tx.update(packages).set({ status: how === "DECLINE" ? "DECLINED" : "OPTED_OUT", updated: at }).where(eq(packages.id, pkg.id));
  await recordEvent(tx, {
    accountId: pkg.accountId,
    packageId: pkg.id,
    name: how === "DECLINE" ? "PACKAGE_DECLINE" : "PACKAGE_OPT_OUT",
    sessionUser: role.id,
    message: reason,
    ipAddress: session.ipAddress ?? undefined,
    userAgent: session.userAgent ?? undefined,
  });
  await clearPendingReminders(tx, pkg.id);
  const owner = await findPackageSender(tx, pkg.ownerUserId);
  if (!owner) return;
  const content = declinedEmail(
    {
      senderName: senderName(owner),
      signerName: how === "DECLINE" ? context.actorName : `${context.actorName} (opting out of signing electronically)`,
      packageName: pkg.name,
      reason,
    },
    owner.language || pkg.language,
  );
  await queueEmail(tx, { ...content, accountId: pkg.accountId, packageId: pkg.id, kind: "DECLINED", to: owner.email });
}
