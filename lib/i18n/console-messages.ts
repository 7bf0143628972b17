import fs from "node:fs";
import path from "node:path";
import type { AbstractIntlMessages } from "use-intl";
import { DEFAULT_LOCALE, type Locale } from "./locales";

/**
 * The console's messages: one folder per part of the console under messages/console/ (shell,
 * packages, builder, account, …), one JSON file per shipped locale in each, served as
 * `{ console: { <part>: … } }` so that a component asks for `useTranslations("console.<part>")`.
 * Read from disk on the server once per locale; a page is handed only its own language's.
 */
const CONSOLE_FOLDER = path.join(/* turbopackIgnore: true */ process.cwd(), "messages", "console");

const byLocale = new Map<Locale, AbstractIntlMessages>();

/** The parts of the console that have messages (the folders of messages/console/). */
export function consoleMessageParts(): string[] {
  return fs
    .readdirSync(CONSOLE_FOLDER, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

function readPart(part: string, locale: Locale): AbstractIntlMessages {
  const file = path.join(CONSOLE_FOLDER, part, `${locale}.json`);
  // messages.test.ts fails when a locale's file or key is missing; English stands in at run time all the same.
  const chosen = fs.existsSync(file) ? file : path.join(CONSOLE_FOLDER, part, `${DEFAULT_LOCALE}.json`);
  return JSON.parse(fs.readFileSync(chosen, "utf8")) as AbstractIntlMessages;
}

export function consoleMessages(locale: Locale): AbstractIntlMessages {
  let messages = byLocale.get(locale);
  if (!messages) {
    messages = { console: Object.fromEntries(consoleMessageParts().map((part) => [part, readPart(part, locale)])) };
    byLocale.set(locale, messages);
  }
  return messages;
}

/** Only the named parts of the console's messages, for a public page that needs no more (the home page, fast track). */
export function consoleMessagesOf(locale: Locale, parts: string[]): AbstractIntlMessages {
  const all = consoleMessages(locale).console as Record<string, AbstractIntlMessages>;
  return { console: Object.fromEntries(parts.map((part) => [part, all[part] ?? {}])) };
}
