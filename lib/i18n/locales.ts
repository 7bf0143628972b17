/** The languages Signet's pages are translated into; English is the source and the fallback. */
export const SHIPPED_LOCALES = ["en", "fr", "de", "es", "nl", "it", "pt", "ja"] as const;
export type Locale = (typeof SHIPPED_LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

/** Each shipped language's name in that language, as a list of languages shows it to anyone. */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: "English",
  fr: "Français",
  de: "Deutsch",
  es: "Español",
  nl: "Nederlands",
  it: "Italiano",
  pt: "Português",
  ja: "日本語",
};

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

/**
 * The language tags of an Accept-Language header, most wanted first ("fr-CH, en;q=0.8, de;q=0.9"
 * → fr-CH, de, en); tags refused with q=0 and the wildcard are left out.
 */
export function acceptedLanguages(header: string | null | undefined): string[] {
  return (header ?? "")
    .split(",")
    .map((part, order) => {
      const [tag = "", ...parameters] = part.trim().split(";");
      const quality = parameters.map((parameter) => parameter.trim()).find((parameter) => parameter.startsWith("q="));
      return { tag: tag.trim(), q: quality ? Number(quality.slice(2)) : 1, order };
    })
    .filter(({ tag, q }) => tag && tag !== "*" && Number.isFinite(q) && q > 0)
    .sort((a, b) => b.q - a.q || a.order - b.order)
    .map(({ tag }) => tag);
}
