import { z } from "zod";
import { merged, optional, withoutNulls } from "./wire";

/**
 * A package's `settings`. The original service always answers `settings.ceremony` with every
 * member its OpenAPI document marks as required, and its SDKs read them without a null check, so
 * a package read back carries these defaults under whatever the sender stored. Of them, the
 * ceremony honours `inPerson`, `declineButton`, `optOutButton`, `declineReasons` and
 * `optOutReasons`; the others are the original ceremony's display choices, kept and echoed.
 */
export const CEREMONY_DEFAULTS = {
  inPerson: false,
  declineButton: true,
  optOutButton: true,
  declineReasons: [] as string[],
  optOutReasons: [] as string[],
  disableDeclineOther: false,
  disableOptOutOther: false,
  enforceCaptureSignature: false,
  hideWatermark: false,
  hideCaptureText: false,
  hideLanguageDropdown: false,
  hidePackageOwnerInPerson: false,
  disableInPersonAffidavit: false,
  disableFirstInPersonAffidavit: false,
  disableSecondInPersonAffidavit: false,
  disableDownloadForUncompletedPackage: false,
  extractAcroFields: false,
  extractTextTags: false,
  ada: false,
};

const reasons = z.array(z.string().max(1000)).max(50);

/**
 * Signet's own `settings.ceremony.thankYouDialog`: the package's closing texts by language
 * (`{"en": {"title": "…", "body": "…"}}`), over the account's (`/api/accountConfig/thankYouDialog`).
 */
export const packageThankYouDialogs = z.record(
  z.string().regex(/^[a-z]{2,3}(-[A-Z0-9]{2,4})?$/, "must be keyed by language code (en, fr-CA)"),
  z.object({ title: z.string().trim().max(200).optional(), body: z.string().trim().min(1).max(4000) }),
);

export const ceremonySettings = z.looseObject({
  inPerson: optional(z.boolean()),
  declineButton: optional(z.boolean()),
  optOutButton: optional(z.boolean()),
  declineReasons: optional(reasons),
  optOutReasons: optional(reasons),
  thankYouDialog: optional(packageThankYouDialogs),
});
export const packageSettings = z.looseObject({ ceremony: optional(ceremonySettings) }).transform(withoutNulls);

export type CeremonySettings = typeof CEREMONY_DEFAULTS & Record<string, unknown>;

/** The ceremony settings in force: what the sender stored over the defaults. */
export function ceremonySettingsOf(stored: Record<string, unknown>): CeremonySettings {
  const ceremony = stored.ceremony && typeof stored.ceremony === "object" ? (stored.ceremony as Record<string, unknown>) : {};
  return merged(CEREMONY_DEFAULTS, withoutNulls(ceremony)) as CeremonySettings;
}

/** `settings` as answered: stored members kept, `ceremony` always there and complete. */
export function wireSettings(stored: Record<string, unknown>): Record<string, unknown> {
  return merged(withoutNulls(stored), { ceremony: ceremonySettingsOf(stored) });
}

/**
 * Whether the signer may decline (or opt out), and with which reasons, as settings.ceremony says;
 * a package that lists no decline reasons takes the account's for its language (`accountReasons`).
 */
export function refusalOption(stored: Record<string, unknown>, how: "DECLINE" | "OPT_OUT", accountReasons: string[] = []) {
  const ceremony = ceremonySettingsOf(stored);
  const [allowed, reasons, otherDisabled] =
    how === "DECLINE"
      ? [ceremony.declineButton, ceremony.declineReasons, ceremony.disableDeclineOther]
      : [ceremony.optOutButton, ceremony.optOutReasons, ceremony.disableOptOutOther];
  const own = Array.isArray(reasons) ? reasons.filter((reason): reason is string => typeof reason === "string" && reason.trim() !== "") : [];
  const listed = own.length || how !== "DECLINE" ? own : accountReasons;
  return { allowed: allowed !== false, reasons: listed, otherAllowed: listed.length === 0 || otherDisabled !== true };
}
