import fs from "node:fs";
import path from "node:path";
import { expect, type Page } from "@playwright/test";
import { createTranslator, type AbstractIntlMessages } from "use-intl/core";
import type { Locale } from "../../lib/i18n/locales";
import { expectAccessible } from "./accessibility";

/**
 * The console's words in a language, as the end-to-end tests check them: read from
 * messages/console/<part>/<locale>.json at run time (no sentence is written here), and the checks
 * every console page passes in every language.
 */

type Messages = AbstractIntlMessages;

const CONSOLE_MESSAGES = path.join(process.cwd(), "messages", "console");

function consoleParts(): string[] {
  return fs
    .readdirSync(CONSOLE_MESSAGES, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
}

/** A part's messages in a language, as its file holds them (none when the file is missing). */
function partMessages(part: string, locale: Locale): Messages {
  const file = path.join(CONSOLE_MESSAGES, part, `${locale}.json`);
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, "utf8")) as Messages) : {};
}

function allMessages(locale: Locale): Messages {
  return Object.fromEntries(consoleParts().map((part) => [part, partMessages(part, locale)]));
}

/** Every message of every part as [key path, text], e.g. ["shell.signOut", "Sign out"]. */
function flatten(messages: Messages, prefix = ""): [string, string][] {
  return Object.entries(messages).flatMap(([key, value]) => (typeof value === "string" ? [[`${prefix}${key}`, value] as [string, string]] : flatten(value, `${prefix}${key}.`)));
}

/** A message without arguments, plurals or rich text: the same text wherever it shows. */
const isPlainText = (text: string) => !/[{}<>]/.test(text);

/**
 * One console message in a language, formatted as use-intl formats it for the console:
 * `consoleText("fr", "profile.browserLanguage", { language: "English" })`. A key that does not
 * exist fails the test rather than answering its own name.
 */
export function consoleText(locale: Locale, key: string, values?: Record<string, string | number>): string {
  const messages: Messages = { console: allMessages(locale) };
  const translate = createTranslator({
    locale,
    messages: messages as Record<string, never>,
    namespace: "console" as never,
    onError: (error) => {
      throw error;
    },
  });
  return (translate as unknown as (key: string, values?: Record<string, string | number>) => string)(key, values);
}

/**
 * Texts of the console in `from` that would be left over on a page in `locale`: every plain message
 * of `from` that is not also a message of `locale` ("Console" is French too; "E-mail" may be a
 * French label under another key).
 */
function leftOversOf(from: Locale, locale: Locale): Set<string> {
  if (from === locale) return new Set();
  const inLocale = new Set(flatten(allMessages(locale)).map(([, text]) => text.trim()));
  return new Set(
    flatten(allMessages(from))
      .map(([, text]) => text.trim())
      .filter((text) => isPlainText(text) && text.length > 1 && !inLocale.has(text)),
  );
}

/** The console's messages in `from` that a page in `locale` shows (a confirmation still in the language the user just left, say). */
export async function messagesOfLanguageShown(page: Page, from: Locale, locale: Locale): Promise<string[]> {
  const leftOvers = leftOversOf(from, locale);
  const { texts } = await readPageText(page, locale);
  return [...new Set(texts.filter((text) => leftOvers.has(text)))];
}

/** A console page as the language checks visit it. `dates`: the page shows at least one date. */
export interface ConsolePage {
  name: string;
  path: string;
  dates?: boolean;
  /** A CSS selector of what shows once the page's data is there (beyond its heading). */
  ready?: string;
}

/** use-intl's complaints about messages (a missing key, a message it cannot format), as the browser's console shows them. */
const INTL_ERROR = /\b(MISSING_MESSAGE|INVALID_MESSAGE|INVALID_KEY|FORMATTING_ERROR)\b/;
/** A key path use-intl shows in place of a message it does not find, e.g. `console.builder.title`. */
const RAW_KEY = /\bconsole\.[a-zA-Z]+\.[a-zA-Z.]+/;

/** Collects use-intl's errors in the page's console from now on; the page checks read them. */
export function watchIntlErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (INTL_ERROR.test(message.text())) errors.push(`${page.url()}: ${message.text().split("\n")[0]}`);
  });
  page.on("pageerror", (error) => {
    if (INTL_ERROR.test(error.message)) errors.push(`${page.url()}: ${error.message.split("\n")[0]}`);
  });
  return errors;
}

interface PageText {
  /** Text nodes and the read attributes (aria-label, title, placeholder, alt), each trimmed, and the document's title. */
  texts: string[];
  /** Each `<time>` element's text and title, with its instant and its date in the locale's and in English forms. */
  times: { shown: string; instant: string; localeForms: string[]; englishForms: string[] }[];
}

/**
 * What the page says in its own language: text marked as another language (`lang="ja"` on 日本語
 * in the language list) is left out, and so are scripts and styles.
 */
async function readPageText(page: Page, locale: Locale): Promise<PageText> {
  return page.evaluate((locale) => {
    const spaces = (text: string) => text.replace(/[\s\u00a0\u202f]+/g, " ").trim();
    const inOwnLanguage = (element: Element | null) => {
      const marked = element?.closest("[lang]")?.getAttribute("lang");
      return !marked || marked.split("-")[0] === locale;
    };
    const texts = [document.title];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest("script, style, noscript, template") || !inOwnLanguage(parent)) continue;
      texts.push(node.textContent ?? "");
    }
    for (const element of document.body.querySelectorAll("[aria-label], [title], [placeholder], [alt]")) {
      if (!inOwnLanguage(element)) continue;
      for (const attribute of ["aria-label", "title", "placeholder", "alt"]) {
        const value = element.getAttribute(attribute);
        if (value) texts.push(value);
      }
    }
    const dateForms = (instant: Date, language: string) =>
      [
        ...(["short", "medium", "long", "full"] as const).map((dateStyle) => ({ dateStyle })),
        { month: "short", day: "numeric" } as const,
        { month: "long", day: "numeric" } as const,
      ].map((options) => spaces(new Intl.DateTimeFormat(language, options).format(instant)));
    const times = [...document.body.querySelectorAll("time[datetime]")]
      .filter((element) => inOwnLanguage(element) && !Number.isNaN(Date.parse(element.getAttribute("datetime")!)))
      .flatMap((element) => {
        const instant = new Date(element.getAttribute("datetime")!);
        const shown = [spaces(element.textContent ?? ""), spaces(element.getAttribute("title") ?? "")].filter(Boolean);
        return shown.map((text) => ({ shown: text, instant: instant.toISOString(), localeForms: dateForms(instant, locale), englishForms: dateForms(instant, "en-US") }));
      });
    return { texts: texts.map(spaces).filter(Boolean), times };
  }, locale);
}

/** Waits until the page has its heading and its data: no loading spinner left. */
export async function pageSettled(page: Page, ready?: string): Promise<void> {
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  if (ready) await expect(page.locator(ready).first()).toBeVisible();
  await expect(page.locator('[role="status"] .animate-spin')).toHaveCount(0);
}

/**
 * The checks of a console page in a language, once it has settled: `lang` on the document and on
 * the console's root, no message key shown raw, no use-intl error in the browser's console, axe at
 * 0, no English message left over and every date in the language's form. `screenshots`: the folder its full-page screenshot goes to.
 */
export async function checkPageInLanguage(page: Page, locale: Locale, consolePage: ConsolePage, intlErrors: string[], screenshots?: string): Promise<void> {
  const what = `${consolePage.name} in ${locale}`;
  await pageSettled(page, consolePage.ready);
  await expect(page.locator("html"), what).toHaveAttribute("lang", locale);
  await expect(page.getByTestId("intl-root"), what).toHaveAttribute("lang", locale);
  if (screenshots) await page.screenshot({ path: path.join(screenshots, `${consolePage.name}.png`), fullPage: true });

  const { texts, times } = await readPageText(page, locale);
  expect(
    texts.filter((text) => RAW_KEY.test(text)),
    `message keys shown raw on ${what}`,
  ).toEqual([]);
  expect(intlErrors, `use-intl errors in the browser's console by ${what}`).toEqual([]);
  if (consolePage.dates) expect(times.length, `dates on ${what}`).toBeGreaterThan(0);

  const leftOvers = leftOversOf("en", locale);
  expect(
    [...new Set(texts.filter((text) => leftOvers.has(text)))],
    `English left over on ${what}`,
  ).toEqual([]);
  expect(
    times.filter((time) => !time.localeForms.some((form) => time.shown.includes(form))).map((time) => `“${time.shown}” (${time.instant})`),
    `dates not in ${locale}'s form on ${what}`,
  ).toEqual([]);
  const englishDates = new Set(times.flatMap((time) => time.englishForms.filter((form) => !time.localeForms.includes(form))));
  expect(
    texts.filter((text) => [...englishDates].some((form) => text.includes(form))),
    `dates in English on ${what}`,
  ).toEqual([]);
  await expectAccessible(page, what);
}
