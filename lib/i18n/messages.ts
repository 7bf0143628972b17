import type { AbstractIntlMessages } from "use-intl";
import { DEFAULT_LOCALE, type Locale } from "./locales";

/**
 * One namespace's messages (a folder of messages/, one JSON file per shipped locale), each locale
 * loaded on its own (a dynamic import: a page ships only the language it shows). The loaders are
 * written out per locale, as bundlers need a literal path to split on.
 */
export type MessageLoaders = Record<Locale, () => Promise<{ default: AbstractIntlMessages }>>;

export async function loadMessages(loaders: MessageLoaders, locale: Locale): Promise<AbstractIntlMessages> {
  return (await (loaders[locale] ?? loaders[DEFAULT_LOCALE])()).default;
}
