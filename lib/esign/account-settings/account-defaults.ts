import type { Queryable } from "@/lib/db/client";
import { CEREMONY_DEFAULTS } from "@/lib/api/package-settings";
import { badRequest } from "@/lib/esign/errors";
import { readStoredSettings } from "./settings-store";
import { readSettingsDocument, settingsDocumentOf } from "./settings-documents";

/** What the account's settings make of a new package: its ceremony defaults and its expiry. */

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A new package's settings and due date under the account's settings, read in one query: its
 * settings are the account's ceremony defaults (packageSettings) under what the package itself
 * says; its due date is the one given or the account's default, within the account's limit
 * (expiryTimeConfiguration, see dueUnderExpiry).
 */
export async function newPackageDefaults(
  db: Queryable,
  accountId: string,
  given: { settings?: Record<string, unknown>; due?: Date | null },
  at: Date,
): Promise<{ settings: Record<string, unknown>; due: Date | null }> {
  const stored = await readStoredSettings(db, accountId, ["packageSettings", "expiryTimeConfiguration"]);
  return {
    settings: withCeremonyDefaults(ceremonyDefaultsOf(stored.get("packageSettings")), given.settings),
    due: dueUnderExpiry(settingsDocumentOf("expiryTimeConfiguration", stored.get("expiryTimeConfiguration")), given.due, at),
  };
}

/** A changed due date under the account's expiry configuration (see dueUnderExpiry). */
export async function dueUnderAccountExpiry(db: Queryable, accountId: string, due: Date | null | undefined, at: Date): Promise<Date | null> {
  return dueUnderExpiry(await readSettingsDocument(db, accountId, "expiryTimeConfiguration"), due, at);
}

/** The ceremony settings the account set for its new packages (packageSettings): only what it set, of what a package's ceremony has. */
function ceremonyDefaultsOf(stored: unknown): Record<string, unknown> {
  if (!stored || typeof stored !== "object") return {};
  return Object.fromEntries(Object.entries(stored).filter(([key]) => key in CEREMONY_DEFAULTS));
}

/** A package's settings: the account's ceremony defaults under what the package itself says. */
function withCeremonyDefaults(defaults: Record<string, unknown>, given: Record<string, unknown> | undefined): Record<string, unknown> {
  const ceremony = given?.ceremony && typeof given.ceremony === "object" ? (given.ceremony as Record<string, unknown>) : {};
  const merged = { ...defaults, ...ceremony };
  return Object.keys(merged).length ? { ...given, ceremony: merged } : { ...given };
}

/**
 * A package's due date under the account's expiry configuration: without one (absent or null), `remainingDays`
 * after `at` (none when 0); none later than `maximumRemainingDays` after `at` (no limit when 0), else 400.
 */
function dueUnderExpiry(expiry: Record<string, unknown>, due: Date | null | undefined, at: Date): Date | null {
  const { remainingDays, maximumRemainingDays } = expiry as { remainingDays: number; maximumRemainingDays: number };
  if (due && maximumRemainingDays > 0 && due.getTime() > at.getTime() + maximumRemainingDays * DAY_MS) {
    throw badRequest(
      "error.validation.dueTooLate",
      `The account's packages expire at most ${maximumRemainingDays} day(s) after they are created; ${due.toISOString()} is later.`,
    );
  }
  if (due) return due;
  return remainingDays > 0 ? new Date(at.getTime() + remainingDays * DAY_MS) : null;
}
