import { TIMEZONE_ABBREVIATIONS } from "@/lib/api/wire-values";
import { LOCALE_NAMES, SHIPPED_LOCALES, type Locale } from "@/lib/i18n/locales";

/** What the sub-account form offers for time zone and language: lists to pick from, never free text. */

export interface Choice {
  value: string;
  label: string;
  /** The language the label is written in, when it is not the page's. */
  lang?: string;
}

export interface TimeZoneChoices {
  abbreviations: Choice[];
  regions: Choice[];
}

/**
 * The abbreviations the service accepts (OneSpan Sign's default is GMT), then the region/city
 * identifiers this browser knows. `current` stays offered even when it is not in either list (an
 * alias such as `Asia/Calcutta`), so editing an account never changes its time zone unasked.
 */
export function timeZoneChoices(current?: string, regionIds: readonly string[] = Intl.supportedValuesOf("timeZone")): TimeZoneChoices {
  const abbreviations = TIMEZONE_ABBREVIATIONS.map((id) => ({ value: id, label: id }));
  const regions = regionIds.filter((id) => id.includes("/")).map((id) => ({ value: id, label: id.replaceAll("_", " ") }));
  const known = new Set([...abbreviations, ...regions].map((choice) => choice.value));
  if (current && !known.has(current)) regions.unshift({ value: current, label: current.replaceAll("_", " ") });
  return { abbreviations, regions };
}

/** Languages of the signing ceremony and e-mail, as the service stores them (`en`, `zh-CN`). */
export const LANGUAGE_CODES = ["en", "fr", "de", "es", "it", "nl", "pt", "pt-BR", "da", "sv", "nb", "fi", "pl", "cs", "hu", "ro", "el", "tr", "ru", "ja", "ko", "zh-CN", "zh-TW"] as const;

/**
 * The languages with their names and codes. Those Signet's pages are translated into are named in
 * their own language, as a list of languages shows them to anyone (`fr` → "Français (fr)"); the
 * others in the language of the page, `displayLocale` (`da` → "Danish (da)", "danois (da)").
 * `current` stays offered when it is not among them.
 */
export function languageChoices(displayLocale: string, current?: string): Choice[] {
  const names = new Intl.DisplayNames([displayLocale], { type: "language" });
  const codes: string[] = [...LANGUAGE_CODES];
  if (current && !codes.includes(current)) codes.unshift(current);
  return codes.map((code) =>
    isShipped(code) ? { value: code, label: `${LOCALE_NAMES[code]} (${code})`, lang: code } : { value: code, label: `${names.of(code) ?? code} (${code})` },
  );
}

function isShipped(code: string): code is Locale {
  return (SHIPPED_LOCALES as readonly string[]).includes(code);
}
