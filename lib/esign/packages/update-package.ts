import { and, asc, eq } from "drizzle-orm";
import type { Db, Queryable } from "@/lib/db/client";
import { packages, roles, roleSigningStates } from "@/lib/db/schema";
import type { PackageUpdate } from "@/lib/api/packages";
import type { Caller } from "@/lib/esign/accounts/caller";
import { dueUnderAccountExpiry } from "@/lib/esign/account-settings/account-defaults";
import { recordEvent, type EventName } from "@/lib/esign/audit/record-event";
import { now } from "@/lib/esign/clock";
import { badRequest, conflict } from "@/lib/esign/errors";
import { clearPendingReminders, planRemindersOnSend } from "@/lib/esign/reminders/plan-reminders";
import { dropSigningProgress } from "@/lib/esign/signing/links/signing-links";
import { queuePackageSealing } from "@/lib/esign/sealing/queue-package-sealing";
import { findPackageToChange, type PackageRow } from "./find-package";
import { isSigningRole } from "./package-content";
import { stateOf } from "./package-change";
import { statusChange, trashChange, type StatusChange } from "./package-status";
import { emailSigningCancelled } from "./cancel-signing";
import { withConditionIds } from "./conditions";
import { sendPackage } from "./send-package";

const METADATA_KEYS = [
  "name",
  "description",
  "emailMessage",
  "language",
  "autocomplete",
  "notarized",
  "notaryRoleId",
  "visibility",
  "timezoneId",
  "due",
  "settings",
  "data",
  "conditions",
] as const;

/** Metadata that may change after sending; everything else only in a draft or template. */
const CHANGEABLE_AFTER_SENDING = new Set<string>(["name", "description", "due", "data"]);

function metadataChanges(row: PackageRow, input: PackageUpdate, resultingStatus: string): Partial<typeof packages.$inferInsert> {
  const changes: Record<string, unknown> = {};
  for (const key of METADATA_KEYS) {
    const value = input[key];
    if (value === undefined || JSON.stringify(row[key]) === JSON.stringify(value)) continue;
    if (row.type === "PACKAGE" && resultingStatus !== "DRAFT" && !CHANGEABLE_AFTER_SENDING.has(key)) {
      throw conflict("error.conflict.packageNotDraft", `"${key}" can only change while the package is a DRAFT; it is ${row.status}.`);
    }
    changes[key] = value;
  }
  return changes;
}

/**
 * A package held with `autocomplete: false` is completed by its sender once every signer has
 * finished: every signing role (the sender's `Owner` role too) has its SIGNER_COMPLETE.
 */
async function assertReadyToComplete(tx: Queryable, row: PackageRow): Promise<void> {
  if (row.autocomplete) {
    throw conflict(
      "error.conflict.packageAutocompletes",
      "This package completes by itself when its signers finish; only a package created with autocomplete false is completed by its sender.",
    );
  }
  const rows = await tx
    .select({ role: roles, completed: roleSigningStates.completed })
    .from(roles)
    .leftJoin(roleSigningStates, and(eq(roleSigningStates.packageId, roles.packageId), eq(roleSigningStates.roleId, roles.id)))
    .where(eq(roles.packageId, row.id))
    .orderBy(asc(roles.index), asc(roles.position));
  const unfinished = rows.filter(({ role, completed }) => isSigningRole(role) && !completed).map(({ role }) => `"${role.id}"`);
  if (unfinished.length > 0) {
    throw conflict(
      "error.conflict.signingNotFinished",
      `The package cannot be completed yet: signer(s) ${unfinished.join(", ")} have not finished signing.`,
    );
  }
}

/**
 * `message` (our extension) is the reason a SENT package goes back to draft; with anything else it
 * would be dropped silently, so it is refused: 400 without `{"status":"DRAFT"}`, 409 when the
 * package is not SENT (a draft already, for one).
 */
function assertCancellable(input: PackageUpdate, change: StatusChange | null): void {
  if (input.status !== "DRAFT") {
    throw badRequest(
      "error.validation.messageWithoutCancel",
      'A message is the reason for cancelling the signing of a SENT package; send it with {"status":"DRAFT"}.',
    );
  }
  if (change?.status !== "DRAFT") {
    throw conflict("error.conflict.packageNotSent", "Only a SENT package can have its signing cancelled; this package is already a DRAFT.");
  }
}

/**
 * `POST|PUT /api/packages/{id}`: a partial body that changes metadata, status (send, back to
 * draft, complete, archive, unarchive) and the trash flag, in one transaction with the events each raises.
 * Pending reminders follow: they stop when the package stops being out for signing. Back to
 * draft with a `message` e-mails that reason to the signers who were invited.
 */
export async function updatePackage(db: Db, caller: Caller, packageId: string, input: PackageUpdate): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await findPackageToChange(tx, caller, packageId);
    const state = stateOf(row);
    const trashed = input.trashed ?? state.trashed;
    // Restoring comes first so that `{"trashed": false, "status": "SENT"}` restores then sends.
    const trashEvent = input.trashed === undefined ? null : trashChange(state, input.trashed);
    const change = input.status === undefined ? null : statusChange({ ...state, trashed }, input.status);
    const resultingStatus = change?.status ?? state.status;
    const metadata = metadataChanges(row, input.conditions ? { ...input, conditions: withConditionIds(input.conditions) } : input, resultingStatus);
    if (trashed && Object.keys(metadata).length) {
      throw conflict("error.conflict.packageTrashed", "The package is in the trash; restore it before changing it.");
    }
    const completes = change?.event === "PACKAGE_COMPLETE";
    if (completes) await assertReadyToComplete(tx, row);
    const reason = input.message || null;
    if (reason) assertCancellable(input, change);
    // The account's longest allowed life of a package still holds.
    if (metadata.due) await dueUnderAccountExpiry(tx, caller.account.id, metadata.due, row.created);

    const events: EventName[] = [];
    const updated = now();
    const set: Partial<typeof packages.$inferInsert> = { ...metadata, updated };
    if (trashEvent) {
      set.trashed = trashed;
      events.push(trashEvent);
    }
    if (Object.keys(metadata).length) events.push("PACKAGE_UPDATE");
    if (change && change.status !== "SENT") {
      set.status = change.status;
      if (completes) set.completed = updated;
      events.push(change.event);
    }
    await tx.update(packages).set(set).where(eq(packages.id, packageId));
    for (const name of events) {
      // The reason of a cancelled signing stays in the audit trail, on PACKAGE_DEACTIVATE.
      const message = name === "PACKAGE_DEACTIVATE" && reason ? reason : undefined;
      await recordEvent(tx, { accountId: caller.account.id, packageId, name, sessionUser: caller.user.id, ipAddress: caller.ipAddress, message });
    }

    const wasOut = state.status === "SENT" && !state.trashed;
    // Back to DRAFT: ceremony sessions and signing states go, links are cancelled (with the reason); sending again starts over.
    if (change?.status === "DRAFT" && reason) await emailSigningCancelled(tx, row, reason);
    if (change?.status === "DRAFT") await dropSigningProgress(tx, packageId, reason);
    if (change?.status === "SENT") await sendPackage(tx, caller, packageId);
    else if (wasOut && (trashed || resultingStatus !== "SENT")) await clearPendingReminders(tx, packageId);
    else if (!wasOut && !trashed && resultingStatus === "SENT" && row.sent) await planRemindersOnSend(tx, packageId, row.sent);
    if (completes) await queuePackageSealing(tx, packageId);
  });
}

/** `DELETE /api/packages/{id}`: gone for every later request (404), kept as a record with its audit trail. */
export async function deletePackage(db: Db, caller: Caller, packageId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await findPackageToChange(tx, caller, packageId);
    await tx.update(packages).set({ status: "DELETED", updated: now() }).where(eq(packages.id, packageId));
    await clearPendingReminders(tx, packageId);
    await recordEvent(tx, {
      accountId: caller.account.id,
      packageId,
      name: "PACKAGE_DELETE",
      sessionUser: caller.user.id,
      ipAddress: caller.ipAddress,
    });
  });
}
