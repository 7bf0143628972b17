import fs from "node:fs";
import path from "node:path";
import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { describe, expect, it } from "vitest";
import { acceptedLanguages, resolveLocale, SHIPPED_LOCALES } from "./locales";

/** The namespaces (folders of messages/) translated with this setup: the ceremony, and each part of the console (messages/console/<part>). */
const CONSOLE_PARTS = fs
  .readdirSync(path.join(process.cwd(), "messages", "console"), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => `console/${entry.name}`);
const NAMESPACES = ["ceremony", ...CONSOLE_PARTS];

type Messages = { [key: string]: string | Messages };

function flatten(messages: Messages, prefix = ""): Record<string, string> {
  return Object.fromEntries(
    Object.entries(messages).flatMap(([key, value]) => (typeof value === "string" ? [[`${prefix}${key}`, value]] : Object.entries(flatten(value, `${prefix}${key}.`)))),
  );
}

/** A message's arguments and tags, each with its kind (and a select's options), sorted: what a translation must keep. */
function argumentsOf(message: string): string[] {
  const found = new Set<string>();
  const walk = (elements: MessageFormatElement[]) => {
    for (const element of elements) {
      if (element.type === TYPE.argument) found.add(`${element.value}`);
      else if (element.type === TYPE.number || element.type === TYPE.date || element.type === TYPE.time) found.add(`${element.value}:${TYPE[element.type]}`);
      else if (element.type === TYPE.plural) {
        found.add(`${element.value}:plural`);
        for (const option of Object.values(element.options)) walk(option.value);
      } else if (element.type === TYPE.select) {
        found.add(`${element.value}:select(${Object.keys(element.options).sort().join(",")})`);
        for (const option of Object.values(element.options)) walk(option.value);
      } else if (element.type === TYPE.tag) {
        found.add(`<${element.value}>`);
        walk(element.children);
      }
    }
  };
  walk(parse(message));
  return [...found].sort();
}

function read(namespace: string, locale: string): Record<string, string> {
  return flatten(JSON.parse(fs.readFileSync(path.join(process.cwd(), "messages", namespace, `${locale}.json`), "utf8")) as Messages);
}

describe.each(NAMESPACES)("messages/%s", (namespace) => {
  const english = read(namespace, "en");

  it("has English messages that parse", () => {
    expect(Object.keys(english).length).toBeGreaterThan(0);
    for (const message of Object.values(english)) expect(() => argumentsOf(message)).not.toThrow();
  });

  it.each(SHIPPED_LOCALES.filter((locale) => locale !== "en"))("%s has exactly English's keys, each with the same arguments", (locale) => {
    const translated = read(namespace, locale);
    expect(Object.keys(translated).sort()).toEqual(Object.keys(english).sort());
    for (const [key, message] of Object.entries(english)) {
      expect({ key, arguments: argumentsOf(translated[key]!) }).toEqual({ key, arguments: argumentsOf(message) });
    }
  });

  it.each(SHIPPED_LOCALES.filter((locale) => locale !== "en"))("%s is translated, not English copied", (locale) => {
    const translated = read(namespace, locale);
    const same = Object.keys(english).filter((key) => translated[key] === english[key] && /[a-z]{4}/.test(english[key]!.replace(/\{[^}]*\}/g, "")));
    // A few words are the same in several languages (Documents, Option, Style, Console): most must differ.
    expect(same.length).toBeLessThan(Math.max(Object.keys(english).length / 10, 3));
  });
});

describe("resolveLocale", () => {
  it("takes the first tag Signet ships, by its language, else English", () => {
    expect(resolveLocale("fr-CA")).toBe("fr");
    expect(resolveLocale("pt_BR")).toBe("pt");
    expect(resolveLocale("JA")).toBe("ja");
    expect(resolveLocale("", "de")).toBe("de");
    expect(resolveLocale("zh-CN", "es")).toBe("es");
    expect(resolveLocale("ja", "de")).toBe("ja");
    expect(resolveLocale("xx", null, undefined)).toBe("en");
    expect(resolveLocale()).toBe("en");
  });
});

describe("acceptedLanguages", () => {
  it("orders a browser's languages by their weight, keeping the header's order among equals", () => {
    expect(acceptedLanguages("fr-CH, fr;q=0.9, en;q=0.8, de;q=0.85")).toEqual(["fr-CH", "fr", "de", "en"]);
    expect(acceptedLanguages("ja,en-US;q=0.7")).toEqual(["ja", "en-US"]);
  });

  it("leaves out refused tags, the wildcard and nonsense", () => {
    expect(acceptedLanguages("de;q=0, *;q=0.5, nl;q=abc, it")).toEqual(["it"]);
    expect(acceptedLanguages(undefined)).toEqual([]);
    expect(acceptedLanguages("")).toEqual([]);
  });

  it("gives resolveLocale the browser's first shipped language", () => {
    expect(resolveLocale(null, ...acceptedLanguages("zh-TW, ja;q=0.9, en;q=0.5"))).toBe("ja");
  });
});
