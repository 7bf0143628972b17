import type { PackageStatus } from "@/lib/api/packages";
import type { EventName } from "@/lib/esign/audit/record-event";
import { badRequest, conflict } from "@/lib/esign/errors";

/**
 * The package state machine of spec 3.2 and the compat notes, as pure functions: which status
 * changes a client may ask for, from where, and which event each raises. Trash is a flag beside
 * the status, so restoring returns to the status the package had.
 */
export interface PackageState {
  type: "PACKAGE" | "TEMPLATE" | "LAYOUT";
  status: PackageStatus;
  trashed: boolean;
}

export interface StatusChange {
  status: PackageStatus;
  event: EventName;
}

/** Signing is over and the documents are final: COMPLETED, and ARCHIVED after it. */
export function isComplete(status: string): boolean {
  return status === "COMPLETED" || status === "ARCHIVED";
}

/** Requested status → the statuses it may come from and the event it raises. */
const CLIENT_TRANSITIONS: Partial<Record<PackageStatus, { from: readonly (PackageStatus | "DELETED")[]; event: EventName }>> = {
  SENT: { from: ["DRAFT"], event: "PACKAGE_ACTIVATE" },
  DRAFT: { from: ["SENT"], event: "PACKAGE_DEACTIVATE" },
  // From ARCHIVED it is unarchiving (below): the package was complete already.
  COMPLETED: { from: ["SENT", "ARCHIVED"], event: "PACKAGE_COMPLETE" },
  ARCHIVED: { from: ["COMPLETED"], event: "PACKAGE_ARCHIVE" },
};

/**
 * The change a client's `{"status": ...}` makes, or null when the package already has that status
 * (clients resend whole bodies). Disallowed transitions throw a 409 that says why.
 */
export function statusChange(state: PackageState, requested: PackageStatus): StatusChange | null {
  if (requested === state.status) return null;
  if (state.trashed) {
    throw conflict("error.conflict.packageTrashed", "The package is in the trash; restore it before changing its status.");
  }
  if (state.type === "TEMPLATE") {
    throw conflict("error.conflict.templateStatus", "A template has no signing status; create a package from it instead.");
  }
  if (state.type === "LAYOUT") {
    throw conflict(
      "error.conflict.layoutStatus",
      "A layout has no signing status: it keeps one document's fields to apply to a package's document. Apply it to a package and send that package.",
    );
  }
  const transition = CLIENT_TRANSITIONS[requested];
  if (!transition) {
    throw conflict(
      "error.conflict.invalidStatusChange",
      `A package cannot be set to ${requested} by a request; that status is reached through signing.`,
    );
  }
  if (!transition.from.includes(state.status)) {
    throw conflict(
      "error.conflict.invalidStatusChange",
      `A package in status ${state.status} cannot change to ${requested} (allowed from ${transition.from.join(" or ")}).`,
    );
  }
  // Unarchiving completes nothing: no completion date, no seal, no PACKAGE_COMPLETE callback.
  if (requested === "COMPLETED" && state.status === "ARCHIVED") return { status: requested, event: "PACKAGE_UNARCHIVE" };
  return { status: requested, event: transition.event };
}

/** `{"trashed": true|false}`: any package can go to the trash; only a trashed one can be restored. */
export function trashChange(state: PackageState, trashed: boolean): EventName | null {
  if (state.trashed === trashed) return null;
  return trashed ? "PACKAGE_TRASH" : "PACKAGE_RESTORE";
}

/**
 * Only a package is signed: a template or a layout is refused (409, saying why) wherever a
 * signing would start (a signing link or token, a ceremony), whatever its stored status.
 */
export function assertSignableType(type: string): void {
  if (type === "TEMPLATE") {
    throw conflict("error.conflict.templateNotSignable", "This is a template: templates are never signed. Create a package from it and send that package.");
  }
  if (type === "LAYOUT") {
    throw conflict("error.conflict.layoutNotSignable", "This is a layout: layouts are never signed. Apply it to a package's document and send that package.");
  }
}

/** `status: "SENT"` on creating a template (or cloning into one) asks for the impossible. */
export function assertCreatableStatus(type: "PACKAGE" | "TEMPLATE", status: "DRAFT" | "SENT"): void {
  if (type === "TEMPLATE" && status === "SENT") {
    throw badRequest("error.validation.templateStatus", "A template cannot be sent; create a package from it instead.");
  }
}

/** Content (documents, roles, fields, reminder creation) changes only while the package is a draft. */
export function assertEditable(state: PackageState, what: string): void {
  if (state.trashed) throw conflict("error.conflict.packageTrashed", `The package is in the trash; restore it before changing ${what}.`);
  if (state.status !== "DRAFT") {
    throw conflict(
      "error.conflict.packageNotDraft",
      `The package is ${state.status}; ${what} can only change while it is a DRAFT. Set its status to DRAFT first.`,
    );
  }
}
