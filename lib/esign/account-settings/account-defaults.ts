import type { Queryable } from "@/lib/db/client";
import { CEREMONY_DEFAULTS } from "@/lib/api/package-settings";
import { badRequest } from "@/lib/esign/errors";
import { readStoredSetting } from "./settings-store";
import { readSettingsDocument } from "./settings-documents";

/** What the account's settings make of a new package: its ceremony defaults and its expiry. */

const DAY_MS = 24 * 60 * 60 * 1000;

/** The ceremony settings the account set for its new packages (packageSettings): only what it set, of what a package's ceremony has. */
export async function accountCeremonyDefaults(db: Queryable, accountId: string): Promise<Record<string, unknown>> {
  const stored = await readStoredSetting(db, accountId, "packageSettings");
  if (!stored || typeof stored !== "object") return {};
  return Object.fromEntries(Object.entries(stored).filter(([key]) => key in CEREMONY_DEFAULTS));
}

/** A new package's settings: the account's ceremony defaults under what the package itself says. */
export async function newPackageSettings(db: Queryable, accountId: string, given: Record<string, unknown> | undefined): Promise<Record<string, unknown>> {
  const defaults = await accountCeremonyDefaults(db, accountId);
  const ceremony = given?.ceremony && typeof given.ceremony === "object" ? (given.ceremony as Record<string, unknown>) : {};
  const merged = { ...defaults, ...ceremony };
  return Object.keys(merged).length ? { ...given, ceremony: merged } : { ...given };
}

/**
 * A package's due date under the account's expiry configuration: without one (absent or null), `remainingDays`
 * after `at` (none when 0); none later than `maximumRemainingDays` after `at` (no limit when 0), else 400.
 */
export async function dueUnderAccountExpiry(db: Queryable, accountId: string, due: Date | null | undefined, at: Date): Promise<Date | null> {
  const { remainingDays, maximumRemainingDays } = (await readSettingsDocument(db, accountId, "expiryTimeConfiguration")) as {
    remainingDays: number;
    maximumRemainingDays: number;
  };
  if (due && maximumRemainingDays > 0 && due.getTime() > at.getTime() + maximumRemainingDays * DAY_MS) {
    throw badRequest(
      "error.validation.dueTooLate",
      `The account's packages expire at most ${maximumRemainingDays} day(s) after they are created; ${due.toISOString()} is later.`,
    );
  }
  if (due) return due;
  return remainingDays > 0 ? new Date(at.getTime() + remainingDays * DAY_MS) : null;
}
