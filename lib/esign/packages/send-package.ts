import { and, eq, ne } from "drizzle-orm";
import type { Queryable, Tx } from "@/lib/db/client";
import { documents, packages, roles } from "@/lib/db/schema";
import type { Caller } from "@/lib/esign/accounts/caller";
import { recordEvent } from "@/lib/esign/audit/record-event";
import { now } from "@/lib/esign/clock";
import { CONSENT_DOCUMENT_ID } from "@/lib/esign/documents/consent-document-id";
import { unprocessable } from "@/lib/esign/errors";
import { planRemindersOnSend } from "@/lib/esign/reminders/plan-reminders";
import { ensureRoleSigningStates, notifySignersWhoseTurnItIs } from "@/lib/esign/signing/turns";
import { assertSignerAuthenticationsAvailable, assertVerificationsAvailable } from "@/lib/esign/signing/verification/assert-available";
import { assertNotaryReady } from "@/lib/esign/notary/notarization";
import { isSigningRole } from "./package-content";

/** What a package needs before it can go to its signers; a 422 names what is missing. */
async function assertReadyToSend(tx: Queryable, packageId: string): Promise<void> {
  const documentRows = await tx
    .select({ id: documents.id })
    .from(documents)
    .where(and(eq(documents.packageId, packageId), ne(documents.id, CONSENT_DOCUMENT_ID)));
  const roleRows = await tx.select().from(roles).where(eq(roles.packageId, packageId));
  if (documentRows.length === 0) {
    throw unprocessable("error.validation.packageHasNoDocuments", "The package has no document to sign; add one before sending it.");
  }
  const signing = roleRows.filter(isSigningRole);
  if (signing.length === 0) {
    throw unprocessable("error.validation.packageHasNoSigners", "The package has no signer; add a role with a signer before sending it.");
  }
  const empty = signing.filter((role) => !role.signerEmail);
  if (empty.length > 0) {
    throw unprocessable(
      "error.validation.roleWithoutSigner",
      `Role(s) ${empty.map((role) => `"${role.id}"`).join(", ")} have no signer with an e-mail; fill them before sending.`,
    );
  }
}

/**
 * Sends (activates) a package inside the caller's transaction: checks it is ready (a signer's
 * verification must be one this service can perform), sets it SENT, records PACKAGE_ACTIVATE,
 * plans its reminders, and invites the signers whose turn it is (spec 3.3). Every way a package
 * is sent (created or cloned as SENT, or set to SENT) comes through here.
 */
export async function sendPackage(tx: Tx, caller: Caller, packageId: string): Promise<void> {
  await assertReadyToSend(tx, packageId);
  await assertNotaryReady(tx, packageId);
  await assertVerificationsAvailable(tx, packageId);
  await assertSignerAuthenticationsAvailable(tx, packageId);
  const sentAt = now();
  await tx.update(packages).set({ status: "SENT", sent: sentAt, updated: sentAt }).where(eq(packages.id, packageId));
  await recordEvent(tx, {
    accountId: caller.account.id,
    packageId,
    name: "PACKAGE_ACTIVATE",
    sessionUser: caller.user.id,
    ipAddress: caller.ipAddress,
  });
  await planRemindersOnSend(tx, packageId, sentAt);
  await ensureRoleSigningStates(tx, packageId);
  await notifySignersWhoseTurnItIs(tx, packageId);
}
