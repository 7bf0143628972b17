import { eq } from "drizzle-orm";
import type { Db, Tx } from "@/lib/db/client";
import { packages } from "@/lib/db/schema";
import type { PackageStatus } from "@/lib/api/packages";
import type { Caller } from "@/lib/esign/accounts/caller";
import { recordEvent, type EventName } from "@/lib/esign/audit/record-event";
import { now } from "@/lib/esign/clock";
import { conflict } from "@/lib/esign/errors";
import { findPackageToChange, type PackageRow } from "./find-package";
import { assertEditable } from "./package-status";

export interface PackageChange {
  tx: Tx;
  row: PackageRow;
  /** Records an audit event of this change (in the same transaction). */
  record(name: EventName, details?: { documentId?: string; message?: string }): Promise<void>;
}

export function stateOf(row: PackageRow) {
  return { type: row.type as "PACKAGE" | "TEMPLATE" | "LAYOUT", status: row.status as PackageStatus, trashed: row.trashed };
}

/**
 * One change to a package's content, in one transaction: the package row is locked, the change
 * must be allowed in its state (`allowed`: drafts only by default), the package's `updated`
 * moves, and the change records its audit events.
 */
export async function changePackage<T>(
  db: Db,
  caller: Caller,
  packageId: string,
  what: string,
  change: (context: PackageChange) => Promise<T>,
  options: { allowed?: "draft" | "draftOrSent" | "anyButTrash" } = {},
): Promise<T> {
  return db.transaction(async (tx) => {
    const row = await findPackageToChange(tx, caller, packageId);
    const state = stateOf(row);
    const allowed = options.allowed ?? "draft";
    if (state.trashed) throw conflict("error.conflict.packageTrashed", `The package is in the trash; restore it before changing ${what}.`);
    if (allowed === "draft" || (allowed === "draftOrSent" && state.status !== "SENT")) assertEditable(state, what);
    const result = await change({
      tx,
      row,
      record: (name, details = {}) =>
        recordEvent(tx, {
          accountId: caller.account.id,
          packageId,
          name,
          sessionUser: caller.user.id,
          ipAddress: caller.ipAddress,
          ...details,
        }),
    });
    await tx.update(packages).set({ updated: now() }).where(eq(packages.id, packageId));
    return result;
  });
}
