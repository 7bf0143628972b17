import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { packages } from "@/lib/db/schema";
import type { PackageStatus, PackageUpdate } from "@/lib/api/packages";
import type { Caller } from "@/lib/esign/accounts/caller";
import { recordEvent, type EventName } from "@/lib/esign/audit/record-event";
import { now } from "@/lib/esign/clock";
import { conflict } from "@/lib/esign/errors";
import { findPackageToChange, type PackageRow } from "./find-package";
import { statusChange, trashChange } from "./package-status";
import { sendPackage } from "./send-package";

const METADATA_KEYS = [
  "name",
  "description",
  "emailMessage",
  "language",
  "autocomplete",
  "visibility",
  "timezoneId",
  "due",
  "settings",
  "data",
] as const;

/** Metadata that may change after sending; everything else only in a draft or template. */
const CHANGEABLE_AFTER_SENDING = new Set<string>(["name", "description", "due", "data"]);

function metadataChanges(row: PackageRow, input: PackageUpdate): Partial<typeof packages.$inferInsert> {
  const changes: Record<string, unknown> = {};
  for (const key of METADATA_KEYS) {
    const value = input[key];
    if (value === undefined) continue;
    const current = row[key];
    const same = JSON.stringify(current) === JSON.stringify(value);
    if (same) continue;
    if (row.type === "PACKAGE" && row.status !== "DRAFT" && !CHANGEABLE_AFTER_SENDING.has(key)) {
      throw conflict(
        "error.conflict.packageNotDraft",
        `"${key}" can only change while the package is a DRAFT; it is ${row.status}.`,
      );
    }
    changes[key] = value;
  }
  return changes;
}

/**
 * `POST|PUT /api/packages/{id}`: a partial body that changes metadata, status (send, back to
 * draft, complete, archive) and the trash flag, in one transaction with the events each raises.
 */
export async function updatePackage(db: Db, caller: Caller, packageId: string, input: PackageUpdate): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await findPackageToChange(tx, caller, packageId);
    const events: EventName[] = [];
    const state = { type: row.type as "PACKAGE" | "TEMPLATE", status: row.status as PackageStatus, trashed: row.trashed };

    // Restoring comes first so that `{"trashed": false, "status": "SENT"}` restores then sends.
    const trashEvent = input.trashed === undefined ? null : trashChange(state, input.trashed);
    const change = input.status === undefined ? null : statusChange({ ...state, trashed: input.trashed ?? state.trashed }, input.status);
    const metadata = metadataChanges(row, input);
    const updated = now();

    const set: Partial<typeof packages.$inferInsert> = { ...metadata };
    if (trashEvent) {
      set.trashed = input.trashed;
      events.push(trashEvent);
    }
    if (Object.keys(metadata).length) events.push("PACKAGE_UPDATE");
    if (change && change.status !== "SENT") {
      set.status = change.status;
      if (change.status === "COMPLETED") set.completed = updated;
      events.push(change.event);
    }
    if (Object.keys(set).length || change) {
      await tx.update(packages).set({ ...set, updated }).where(eq(packages.id, packageId));
    }
    for (const name of events) {
      await recordEvent(tx, { accountId: caller.account.id, packageId, name, sessionUser: caller.user.id, ipAddress: caller.ipAddress });
    }
    if (change?.status === "SENT") await sendPackage(tx, caller, packageId);
  });
}

/** `DELETE /api/packages/{id}`: gone for every later request (404), kept as a record with its audit trail. */
export async function deletePackage(db: Db, caller: Caller, packageId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await findPackageToChange(tx, caller, packageId);
    await tx.update(packages).set({ status: "DELETED", updated: now() }).where(eq(packages.id, packageId));
    await recordEvent(tx, {
      accountId: caller.account.id,
      packageId,
      name: "PACKAGE_DELETE",
      sessionUser: caller.user.id,
      ipAddress: caller.ipAddress,
    });
  });
}
