import { useMemo } from "react";
import { useTranslations } from "use-intl";
import type { z } from "zod";
import type { WirePackage } from "@/lib/api/packages";
import { contractResolver } from "@/lib/console/contract-resolver";
import type { Contracts } from "@/lib/console/load-contracts";
import { LOCALE_NAMES, SHIPPED_LOCALES } from "@/lib/i18n/locales";

/** The words the form's checks speak: `useTranslations("console.builder.settings.validation")`. */
type ValidationWords = (key: string, values?: Record<string, number>) => string;

/** The builder's settings form: the members of `packageUpdate` it edits, as the form's inputs hold them; its messages in the console's language. */
export function settingsForm({ z, packageUpdate }: Contracts, t: ValidationWords) {
  return packageUpdate.pick({ name: true, description: true, language: true, emailMessage: true, autocomplete: true }).extend({
    name: z.string().trim().min(1, t("name")).max(256, t("atMost", { count: 256 })),
    /** `YYYY-MM-DD` from the date input, or empty for no due date. */
    due: z.union([z.literal(""), z.iso.date(t("date"))]),
    /** `settings.ceremony.inPerson`. */
    inPerson: z.boolean(),
    /** The package's own closing text in its language: `settings.ceremony.thankYouDialog[language].body` (empty: the account's). */
    thankYou: z.string().trim().max(4000, t("atMost", { count: 4000 })),
  });
}
type SettingsForm = ReturnType<typeof settingsForm>;
export type SettingsFormInput = z.input<SettingsForm>;
export type SettingsFormValues = z.output<SettingsForm>;

/** The settings form's resolver, in the console's language: its first check waits for the contracts to load. */
export function useSettingsFormResolver() {
  const t = useTranslations("console.builder.settings.validation");
  return useMemo(() => contractResolver((contracts) => settingsForm(contracts, t)), [t]);
}

/** The languages Signet's signing pages and e-mails are written in, each named in itself. */
export const LANGUAGES = SHIPPED_LOCALES.map((code) => ({ code, name: LOCALE_NAMES[code] }));

const pad = (value: number) => String(value).padStart(2, "0");

/** The due instant as the sender's local calendar day. */
export function dueDay(due: string | undefined): string {
  if (!due) return "";
  const date = new Date(due);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A chosen day means "until the end of that day", in the sender's time zone. */
export function dueInstant(day: string): string | null {
  return day ? new Date(`${day}T23:59:59`).toISOString() : null;
}

function ceremonyOf(pkg: WirePackage): Record<string, unknown> {
  const ceremony = pkg.settings.ceremony;
  return ceremony && typeof ceremony === "object" ? (ceremony as Record<string, unknown>) : {};
}

function inPersonOf(pkg: WirePackage): boolean {
  return ceremonyOf(pkg).inPerson === true;
}

type ThankYouTexts = Record<string, { title?: string; body: string }>;

function thankYouTextsOf(pkg: WirePackage): ThankYouTexts {
  const texts = ceremonyOf(pkg).thankYouDialog;
  return texts && typeof texts === "object" ? (texts as ThankYouTexts) : {};
}

export function settingsOf(pkg: WirePackage): SettingsFormValues {
  return {
    name: pkg.name,
    description: pkg.description,
    language: pkg.language || "en",
    emailMessage: pkg.emailMessage,
    autocomplete: pkg.autocomplete,
    due: dueDay(pkg.due),
    inPerson: inPersonOf(pkg),
    thankYou: thankYouTextsOf(pkg)[pkg.language || "en"]?.body ?? "",
  };
}

/** The partial body for `POST /api/packages/{id}`: only what changed since `saved`. */
export function settingsChanges(pkg: WirePackage, saved: SettingsFormValues, values: SettingsFormValues): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const key of ["name", "description", "language", "emailMessage", "autocomplete"] as const) {
    if (values[key] !== saved[key]) body[key] = values[key];
  }
  if (values.due !== saved.due) body.due = dueInstant(values.due);
  const thankYouChanged = values.thankYou !== saved.thankYou || (values.language !== saved.language && (values.thankYou || saved.thankYou));
  if (values.inPerson !== saved.inPerson || thankYouChanged) {
    const ceremony: Record<string, unknown> = { ...ceremonyOf(pkg), inPerson: values.inPerson };
    if (thankYouChanged) {
      // The text is the one of the package's language: it moves with the language, and goes when emptied.
      const texts = { ...thankYouTextsOf(pkg) };
      const before = texts[saved.language || "en"];
      delete texts[saved.language || "en"];
      if (values.thankYou) texts[values.language || "en"] = { ...before, body: values.thankYou };
      if (Object.keys(texts).length) ceremony.thankYouDialog = texts;
      else delete ceremony.thankYouDialog;
    }
    body.settings = { ...pkg.settings, ceremony };
  }
  return body;
}
