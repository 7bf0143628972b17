import { z } from "zod";
import { optional } from "./wire";

/**
 * The languages the original service takes for a package, as it names them. Read in its Java SDK
 * (esl.sdk.java 11.68): `LocaleConverter` sends a `java.util.Locale` as `language[-COUNTRY]`;
 * `PackageLanguageConfigurationExample` sets `Locale.SIMPLIFIED_CHINESE` and reads `zh-CN` back,
 * while `UpdatePackageAndLocalizeConsentDefaultLanguageExample` sets `Locale.FRANCE` ("fr-FR", an
 * "invalid language code" in its words) and expects the package's language unchanged, its consent
 * localisation SKIPPED. OneSpan's documentation lists the signing languages below; two of them
 * carry a country, the rest are bare ISO 639-1 codes.
 */
export const PACKAGE_LANGUAGES = ["en", "fr", "de", "es", "it", "pt", "nl", "da", "ru", "el", "ja", "ko", "zh-CN", "zh-TW"] as const;

/**
 * The language as the original keeps it, or undefined for one it does not take (which it ignores:
 * the package keeps the language it had). Matched without regard to case, `_` read as `-`
 * (a Java `Locale`'s own `toString()`), so `zh_cn` is `zh-CN`; `fr-FR` is not `fr`.
 */
export function packageLanguage(value: string): string | undefined {
  const wanted = value.trim().replaceAll("_", "-").toLowerCase();
  return PACKAGE_LANGUAGES.find((language) => language.toLowerCase() === wanted);
}

/** A package's `language` member: one the original takes, or absent (anything else is ignored, as there). */
export const packageLanguageInput = optional(z.string().max(35).transform(packageLanguage));
