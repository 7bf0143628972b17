import type { z } from "zod";
import type { Db, Queryable } from "@/lib/db/client";
import { declineReasonsInput, handoverInput, languageParam, signingLogosInput } from "@/lib/api/account-settings";
import { parseWith } from "@/lib/api/parse";
import type { Caller } from "@/lib/esign/accounts/caller";
import { recordAccountEvent } from "@/lib/esign/audit/record-event";
import { badRequest } from "@/lib/esign/errors";
import { readStoredSetting, removeSetting, storeSetting } from "./settings-store";

/**
 * Per-language account configuration (the original's /api/accountConfig): the hand-over link the
 * ceremony offers a signer who finished, and the reasons a signer picks from to decline; and the
 * ceremony's logos (/api/account/admin/signingLogos). Stored in account_settings.
 */

export interface Handover {
  href: string;
  text: string;
  title: string;
  language: string;
}

/** The language of a path, normalised: "fr", "fr-CA" (the SDKs send Java locales, "fr_CA"). */
export function languageOf(raw: string): string {
  const [language, region] = parseWith(languageParam, raw, "language").split(/[_-]/);
  return region ? `${language.toLowerCase()}-${region.toUpperCase()}` : language.toLowerCase();
}

const handoverName = (language: string) => `handoverUrl/${language}`;
const declineReasonsName = (language: string) => `declineReasons/${language}`;

/** The account's hand-over link in a language; empty members when there is none. */
export async function readHandover(db: Queryable, accountId: string, language: string): Promise<Handover> {
  const stored = (await readStoredSetting(db, accountId, handoverName(language))) as Partial<Handover> | undefined;
  return { href: stored?.href ?? "", text: stored?.text ?? "", title: stored?.title ?? "", language };
}

export async function getHandover(db: Queryable, caller: Caller, rawLanguage: string): Promise<Handover> {
  return readHandover(db, caller.account.id, languageOf(rawLanguage));
}

/**
 * POST and PUT: the link for the language; the members given replace the stored ones (the SDK's
 * update sends only what changes, e.g. a new title), and a link must result.
 */
export async function setHandover(db: Db, caller: Caller, rawLanguage: string, body: unknown): Promise<Handover> {
  const language = languageOf(rawLanguage);
  const input = parseWith(handoverInput, body, "hand-over");
  return db.transaction(async (tx) => {
    const stored = await readHandover(tx, caller.account.id, language);
    const href = input.href ?? stored.href;
    if (!href) throw badRequest("error.validation.invalidBody", "The hand-over needs an href: where the signer goes once they finish.");
    await storeSetting(tx, caller.account.id, handoverName(language), { href, text: input.text ?? stored.text, title: input.title ?? stored.title });
    await recordAccountEvent(tx, caller, "ACCOUNT_SETTINGS_UPDATE", `handoverUrl (${language}): ${href}`);
    return readHandover(tx, caller.account.id, language);
  });
}

export async function deleteHandover(db: Db, caller: Caller, rawLanguage: string): Promise<void> {
  const language = languageOf(rawLanguage);
  await db.transaction(async (tx) => {
    if (await removeSetting(tx, caller.account.id, handoverName(language))) await recordAccountEvent(tx, caller, "ACCOUNT_SETTINGS_RESET", `handoverUrl (${language})`);
  });
}

/** The account's decline reasons in a language (none: an empty list). */
export async function readDeclineReasons(db: Queryable, accountId: string, language: string): Promise<string[]> {
  const stored = await readStoredSetting(db, accountId, declineReasonsName(language));
  return Array.isArray(stored) ? stored.filter((reason): reason is string => typeof reason === "string") : [];
}

export async function getDeclineReasons(db: Queryable, caller: Caller, rawLanguage: string): Promise<string[]> {
  return readDeclineReasons(db, caller.account.id, languageOf(rawLanguage));
}

/** POST and PUT: the list for the language, replaced whole (duplicates dropped). */
export async function setDeclineReasons(db: Db, caller: Caller, rawLanguage: string, body: unknown): Promise<string[]> {
  const language = languageOf(rawLanguage);
  const reasons = [...new Set(parseWith(declineReasonsInput, body, "decline reasons"))];
  return db.transaction(async (tx) => {
    await storeSetting(tx, caller.account.id, declineReasonsName(language), reasons);
    await recordAccountEvent(tx, caller, "ACCOUNT_SETTINGS_UPDATE", `declineReasons (${language}): ${reasons.length} reason(s)`);
    return reasons;
  });
}

export async function deleteDeclineReasons(db: Db, caller: Caller, rawLanguage: string): Promise<void> {
  const language = languageOf(rawLanguage);
  await db.transaction(async (tx) => {
    if (await removeSetting(tx, caller.account.id, declineReasonsName(language))) await recordAccountEvent(tx, caller, "ACCOUNT_SETTINGS_RESET", `declineReasons (${language})`);
  });
}

export type SigningLogo = { language: string; image: string } & Record<string, unknown>;

export async function getSigningLogos(db: Queryable, caller: Caller): Promise<SigningLogo[]> {
  const stored = await readStoredSetting(db, caller.account.id, "signingLogos");
  return Array.isArray(stored) ? (stored as SigningLogo[]) : [];
}

/** POST: the logos, one per language, replacing those there were (an empty list removes them). */
export async function setSigningLogos(db: Db, caller: Caller, logos: z.output<typeof signingLogosInput>): Promise<SigningLogo[]> {
  const byLanguage = new Map(logos.map((logo) => [logo.language, logo]));
  return db.transaction(async (tx) => {
    const value = [...byLanguage.values()];
    if (value.length) await storeSetting(tx, caller.account.id, "signingLogos", value);
    else await removeSetting(tx, caller.account.id, "signingLogos");
    await recordAccountEvent(tx, caller, "ACCOUNT_SETTINGS_UPDATE", `signingLogos: ${value.map((logo) => logo.language).join(", ") || "none"}`);
    return value;
  });
}
