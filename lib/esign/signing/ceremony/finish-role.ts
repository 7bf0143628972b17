import { and, eq, isNull } from "drizzle-orm";
import { config } from "@/lib/config";
import type { Tx } from "@/lib/db/client";
import { approvals, packages, roleSigningStates } from "@/lib/db/schema";
import { packageCompletedEmail } from "@/lib/esign/outbox/messages";
import { queueEmail } from "@/lib/esign/outbox/queue-email";
import { recordEvent } from "@/lib/esign/audit/record-event";
import { recordNotarization } from "@/lib/esign/notary/notarization";
import { now } from "@/lib/esign/clock";
import { findPackageSender, senderName } from "@/lib/esign/packages/package-content";
import { clearPendingReminders } from "@/lib/esign/reminders/plan-reminders";
import { queuePackageSealing } from "@/lib/esign/sealing/queue-package-sealing";
import { missingRequiredAttachments } from "@/lib/esign/signing/attachments/requirement-files";
import { notifySignersWhoseTurnItIs } from "@/lib/esign/signing/turns";
import type { SignerContext } from "./signer-context";
import { releaseGroupLock } from "./take-group-lock";
import { roleTurns } from "./turn";

/** Whether every approval of the role (consent included) is signed or accepted, optional and disabled ones aside. */
async function roleHasSignedEverything(tx: Tx, packageId: string, roleId: string): Promise<boolean> {
  const open = await tx
    .select({ id: approvals.id })
    .from(approvals)
    .where(and(eq(approvals.packageId, packageId), eq(approvals.roleId, roleId), eq(approvals.optional, false), eq(approvals.disabled, false), isNull(approvals.signed), isNull(approvals.accepted)))
    .limit(1);
  return open.length === 0;
}

async function emailSenderCompleted(tx: Tx, pkg: SignerContext["pkg"]): Promise<void> {
  const owner = await findPackageSender(tx, pkg.ownerUserId);
  if (!owner) return;
  // The console's page, not the API's download URLs: those answer 401 to a browser without a key.
  const packageUrl = `${config().publicUrl}/packages/${encodeURIComponent(pkg.id)}`;
  const content = packageCompletedEmail({ recipientName: senderName(owner), packageName: pkg.name, packageUrl }, owner.language || pkg.language);
  await queueEmail(tx, { ...content, accountId: pkg.accountId, packageId: pkg.id, kind: "PACKAGE_COMPLETED", to: owner.email });
}

/**
 * After a signer's action: when the role has signed everything and uploaded every required
 * attachment it is complete (SIGNER_COMPLETE, the member who signed for a group recorded, the
 * group lock released); when every signing role is, the package completes (autocomplete:
 * COMPLETED, PACKAGE_COMPLETE, sealing queued, the sender e-mailed) or waits for its sender
 * (PACKAGE_READY_FOR_COMPLETE); otherwise the next signers whose turn came are invited. Answers
 * whether the role finished.
 */
export async function finishRoleIfDone(tx: Tx, context: SignerContext): Promise<boolean> {
  const { pkg, role, session } = context;
  if (!(await roleHasSignedEverything(tx, pkg.id, role.id))) return false;
  if ((await missingRequiredAttachments(tx, pkg.id, role)).length > 0) return false;
  const at = now();
  await tx
    .update(roleSigningStates)
    .set({ completed: at, signedByEmail: context.actorEmail, signedByName: context.actorName })
    .where(and(eq(roleSigningStates.packageId, pkg.id), eq(roleSigningStates.roleId, role.id)));
  if (context.isGroup) await releaseGroupLock(tx, pkg.id, role.id);
  await recordEvent(tx, { accountId: pkg.accountId, packageId: pkg.id, name: "SIGNER_COMPLETE", sessionUser: role.id, ipAddress: session.ipAddress ?? undefined, userAgent: session.userAgent ?? undefined });
  // The notary of a notarized package finishing their step notarizes it: the journal says so.
  await recordNotarization(tx, pkg, role.id);

  const turns = await roleTurns(tx, pkg.id);
  if (turns.some((turn) => !turn.completed)) {
    await notifySignersWhoseTurnItIs(tx, pkg.id);
    return true;
  }
  await clearPendingReminders(tx, pkg.id);
  if (!pkg.autocomplete) {
    await recordEvent(tx, { accountId: pkg.accountId, packageId: pkg.id, name: "PACKAGE_READY_FOR_COMPLETE", sessionUser: role.id });
    return true;
  }
  await tx.update(packages).set({ status: "COMPLETED", completed: at, updated: at }).where(eq(packages.id, pkg.id));
  await recordEvent(tx, { accountId: pkg.accountId, packageId: pkg.id, name: "PACKAGE_COMPLETE", sessionUser: role.id });
  await queuePackageSealing(tx, pkg.id);
  await emailSenderCompleted(tx, pkg);
  return true;
}
