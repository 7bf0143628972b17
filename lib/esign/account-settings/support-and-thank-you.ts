import { eq } from "drizzle-orm";
import { createTranslator } from "use-intl/core";
import type { Db, Queryable } from "@/lib/db/client";
import { packages, users } from "@/lib/db/schema";
import { thankYouDialogInput } from "@/lib/api/account-settings";
import { ceremonySettingsOf, packageThankYouDialogs } from "@/lib/api/package-settings";
import { parseWith } from "@/lib/api/parse";
import { config } from "@/lib/config";
import type { Caller } from "@/lib/esign/accounts/caller";
import { recordAccountEvent, recordEvent } from "@/lib/esign/audit/record-event";
import { now } from "@/lib/esign/clock";
import { conflict } from "@/lib/esign/errors";
import { findPackage, findPackageToChange, type PackageRow } from "@/lib/esign/packages/find-package";
import { resolveLocale } from "@/lib/i18n/locales";
import de from "@/messages/ceremony/de.json";
import en from "@/messages/ceremony/en.json";
import es from "@/messages/ceremony/es.json";
import fr from "@/messages/ceremony/fr.json";
import it from "@/messages/ceremony/it.json";
import ja from "@/messages/ceremony/ja.json";
import nl from "@/messages/ceremony/nl.json";
import pt from "@/messages/ceremony/pt.json";
import { languageOf } from "./account-config";
import { readSettingsDocument } from "./settings-documents";
import { readStoredSetting, removeSetting, storeSetting } from "./settings-store";

/**
 * What a signer is told besides the documents: whom to ask for help (the original's
 * SupportConfiguration, `/api/package_information/{id}/support_information`) and the closing text
 * of the ceremony (`/api/packages/{id}/thank_you_dialog`). The account keeps its support contact
 * in the settings document `supportConfiguration` and a closing text per language
 * (`/api/accountConfig/thankYouDialog/{language}`); a package may carry its own closing texts in
 * `settings.ceremony.thankYouDialog`, which win.
 */

export interface SupportConfiguration {
  email: string;
  phone: string;
}

export interface ThankYouDialog {
  title: string;
  body: string;
  language: string;
}

type ThankYouText = { title?: string; body: string };
type PackageLike = Pick<PackageRow, "accountId" | "ownerUserId" | "language" | "name" | "settings">;

/**
 * The package's support contact, member by member: the account's own, else the installation's
 * (SUPPORT_EMAIL, SUPPORT_PHONE), else the package sender's e-mail and phone.
 */
export async function readSupportConfiguration(db: Queryable, pkg: Pick<PackageRow, "accountId" | "ownerUserId">): Promise<SupportConfiguration> {
  const account = await readSettingsDocument(db, pkg.accountId, "supportConfiguration");
  const settings = config();
  let email = typeof account.email === "string" && account.email ? account.email : settings.supportEmail;
  let phone = typeof account.phone === "string" && account.phone ? account.phone : settings.supportPhone;
  if (!email || !phone) {
    const [sender] = await db.select({ email: users.email, phone: users.phone }).from(users).where(eq(users.id, pkg.ownerUserId));
    email ||= sender?.email ?? "";
    phone ||= sender?.phone ?? "";
  }
  return { email, phone };
}

/** GET `/api/package_information/{id}/support_information`. */
export async function getSupportInformation(db: Queryable, caller: Caller, packageId: string): Promise<SupportConfiguration> {
  return readSupportConfiguration(db, await findPackage(db, caller, packageId, { followers: true }));
}

// The account's closing texts: one account_settings row per language.

const thankYouName = (language: string) => `thankYouDialog/${language}`;

async function readAccountThankYou(db: Queryable, accountId: string, language: string): Promise<ThankYouText | null> {
  const stored = (await readStoredSetting(db, accountId, thankYouName(language))) as Partial<ThankYouText> | undefined;
  return stored && typeof stored.body === "string" && stored.body ? { title: stored.title ?? "", body: stored.body } : null;
}

/** GET: the account's closing text in a language, with empty members when it has none. */
export async function getAccountThankYou(db: Queryable, caller: Caller, rawLanguage: string): Promise<ThankYouDialog> {
  const language = languageOf(rawLanguage);
  const text = await readAccountThankYou(db, caller.account.id, language);
  return { title: text?.title ?? "", body: text?.body ?? "", language };
}

/** PUT and POST: the account's closing text in the language of the path. */
export async function setAccountThankYou(db: Db, caller: Caller, rawLanguage: string, body: unknown): Promise<ThankYouDialog> {
  const language = languageOf(rawLanguage);
  const input = parseWith(thankYouDialogInput, body, "thank-you dialog");
  const text = { title: input.title ?? "", body: input.body };
  return db.transaction(async (tx) => {
    await storeSetting(tx, caller.account.id, thankYouName(language), text);
    await recordAccountEvent(tx, caller, "ACCOUNT_SETTINGS_UPDATE", `thankYouDialog (${language})`);
    return { ...text, language };
  });
}

export async function deleteAccountThankYou(db: Db, caller: Caller, rawLanguage: string): Promise<void> {
  const language = languageOf(rawLanguage);
  await db.transaction(async (tx) => {
    if (await removeSetting(tx, caller.account.id, thankYouName(language))) await recordAccountEvent(tx, caller, "ACCOUNT_SETTINGS_RESET", `thankYouDialog (${language})`);
  });
}

// A package's closing text, as the ceremony shows it.

const CEREMONY_TEXTS = { en, fr, de, es, nl, it, pt, ja };

/** Signet's own closing text in one of its languages (what the ceremony says when nobody wrote one). */
function defaultThankYou(locale: keyof typeof CEREMONY_TEXTS, packageName: string): ThankYouDialog {
  const t = createTranslator({ locale, messages: CEREMONY_TEXTS[locale], namespace: "thankYou" });
  return { title: t("defaultTitle"), body: t("defaultBody", { packageName }), language: locale };
}

/** A language tag as stored texts are keyed ("fr_CA" → "fr-CA"), or null when it is none. */
function normalised(tag: string | null | undefined): string | null {
  if (!tag) return null;
  try {
    return languageOf(tag);
  } catch {
    return null;
  }
}

/** The languages to look a text up in, best first: each tag, then its base language ("fr-CA", "fr"). */
function candidateLanguages(tags: (string | null | undefined)[]): string[] {
  const found: string[] = [];
  for (const language of tags.map(normalised)) {
    if (!language) continue;
    for (const candidate of [language, language.split("-")[0]!]) if (!found.includes(candidate)) found.push(candidate);
  }
  return found;
}

function packageTexts(settings: Record<string, unknown>): Record<string, ThankYouText> {
  const parsed = packageThankYouDialogs.safeParse(ceremonySettingsOf(settings).thankYouDialog);
  return parsed.success ? parsed.data : {};
}

/**
 * The closing text someone wrote for a reader of `language` (a signer's, else the package's): the
 * package's own text in that language, else the account's; then the same in the package's
 * language; null when there is none.
 */
export async function writtenThankYou(db: Queryable, pkg: PackageLike, language?: string | null): Promise<ThankYouDialog | null> {
  const own = packageTexts(pkg.settings);
  for (const candidate of candidateLanguages([language, pkg.language])) {
    const text = own[candidate] ?? (await readAccountThankYou(db, pkg.accountId, candidate));
    if (text) return { title: text.title ?? "", body: text.body, language: candidate };
  }
  return null;
}

/** The closing text as the API answers it: the written one, else Signet's own words in that language (English when Signet does not speak it). */
export async function resolveThankYou(db: Queryable, pkg: PackageLike, language?: string | null): Promise<ThankYouDialog> {
  return (await writtenThankYou(db, pkg, language)) ?? defaultThankYou(resolveLocale(language, pkg.language), pkg.name);
}

/** GET `/api/packages/{id}/thank_you_dialog[?language=]`: the closing text its signers are shown. */
export async function getPackageThankYou(db: Queryable, caller: Caller, packageId: string, rawLanguage?: string): Promise<ThankYouDialog> {
  const language = rawLanguage ? languageOf(rawLanguage) : null;
  return resolveThankYou(db, await findPackage(db, caller, packageId, { followers: true }), language);
}

/** Statuses in which the package's signers may still reach the ceremony's end: its closing text can change. */
const OPEN_STATUSES = new Set(["DRAFT", "SENT"]);

async function changePackageTexts(db: Db, caller: Caller, packageId: string, change: (texts: Record<string, ThankYouText>, packageLanguage: string) => string): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await findPackageToChange(tx, caller, packageId);
    if (!OPEN_STATUSES.has(row.status) || row.trashed) {
      throw conflict("error.conflict.packageClosed", `The closing text can change while the package is a DRAFT or SENT; it is ${row.trashed ? "in the trash" : row.status}.`);
    }
    const texts = { ...packageTexts(row.settings) };
    const what = change(texts, row.language);
    const ceremony = { ...(row.settings.ceremony as Record<string, unknown> | undefined) };
    if (Object.keys(texts).length) ceremony.thankYouDialog = texts;
    else delete ceremony.thankYouDialog;
    const updated = now();
    await tx.update(packages).set({ settings: { ...row.settings, ceremony }, updated }).where(eq(packages.id, row.id));
    await recordEvent(tx, { accountId: row.accountId, packageId: row.id, name: "PACKAGE_UPDATE", sessionUser: caller.user.id, ipAddress: caller.ipAddress, message: what });
  });
}

/** PUT: the package's own closing text in `language` (the body's, else the query's, else the package's). */
export async function setPackageThankYou(db: Db, caller: Caller, packageId: string, body: unknown, rawLanguage?: string): Promise<ThankYouDialog> {
  const input = parseWith(thankYouDialogInput, body, "thank-you dialog");
  const given = input.language || rawLanguage;
  let language = given ? languageOf(given) : "";
  const text = { title: input.title ?? "", body: input.body };
  await changePackageTexts(db, caller, packageId, (texts, packageLanguage) => {
    language ||= normalised(packageLanguage) ?? "en";
    texts[language] = text;
    return `thankYouDialog (${language})`;
  });
  return { ...text, language };
}

/** DELETE: the package's own closing text in `language` (else the package's) goes; the account's is shown again. */
export async function deletePackageThankYou(db: Db, caller: Caller, packageId: string, rawLanguage?: string): Promise<void> {
  const given = rawLanguage ? languageOf(rawLanguage) : null;
  await changePackageTexts(db, caller, packageId, (texts, packageLanguage) => {
    const language = given ?? normalised(packageLanguage) ?? "en";
    delete texts[language];
    return `thankYouDialog (${language}) removed`;
  });
}
