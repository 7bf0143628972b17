/** The languages Signet's pages are translated into; English is the source and the fallback. */
export const SHIPPED_LOCALES = ["en", "fr", "de", "es", "nl", "it", "pt", "ja"] as const;
export type Locale = (typeof SHIPPED_LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

function isShipped(code: string): code is Locale {
  return (SHIPPED_LOCALES as readonly string[]).includes(code);
}

/**
 * The shipped locale for a language tag ("fr-CA", "pt_BR", "JA" → fr, pt, ja): the first of the
 * given tags that names a shipped language (blank or unknown ones are skipped), else English.
 */
export function resolveLocale(...tags: (string | null | undefined)[]): Locale {
  for (const tag of tags) {
    const language = (tag ?? "").trim().toLowerCase().split(/[-_]/)[0] ?? "";
    if (isShipped(language)) return language;
  }
  return DEFAULT_LOCALE;
}
