import { headers } from "next/headers";
import { cache } from "react";
import { createTranslator, type TranslationValues } from "use-intl/core";
import { consoleMessages } from "@/lib/i18n/console-messages";
import { acceptedLanguages, resolveLocale, type Locale } from "@/lib/i18n/locales";
import { auth } from "./auth";

/**
 * The console's language for this request: the one the signed-in user chose in their profile,
 * else the first of the browser's languages Signet ships, else English. Worked out once per
 * request (the layout, the page and its metadata each ask; each `auth()` reads the session's row).
 */
export const consoleLocale = cache(async (): Promise<Locale> => {
  const [session, browser] = await Promise.all([auth(), browserLocale()]);
  return resolveLocale(session?.consoleLanguage, browser);
});

/** The first of the browser's languages (Accept-Language) Signet ships, else English. */
export async function browserLocale(): Promise<Locale> {
  return resolveLocale(...acceptedLanguages((await headers()).get("accept-language")));
}

/**
 * Messages of the console for server code (pages, server actions): `t("key")` of one part,
 * e.g. `(await consoleTranslator("console.account"))("saved")`.
 */
export async function consoleTranslator(namespace: ConsoleNamespace): Promise<ConsoleTranslate> {
  return consoleTranslatorIn(await consoleLocale(), namespace);
}

type ConsoleNamespace = `console.${string}`;
/** A part's messages by key (keys are checked by lib/i18n/console-keys.test.ts, not by types: the messages are read at run time). */
export type ConsoleTranslate = (key: string, values?: TranslationValues) => string;

export function consoleTranslatorIn(locale: Locale, namespace: ConsoleNamespace): ConsoleTranslate {
  const translate = createTranslator({ locale, messages: consoleMessages(locale) as Record<string, never>, namespace: namespace as never });
  return (key, values) => (translate as unknown as ConsoleTranslate)(key, values);
}
