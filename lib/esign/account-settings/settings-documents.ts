import type { z } from "zod";
import type { Db, Queryable } from "@/lib/db/client";
import { attachmentsWhitelistInput, SETTINGS_DOCUMENTS, type SettingsDocumentName } from "@/lib/api/account-settings";
import { parseWith } from "@/lib/api/parse";
import type { Caller } from "@/lib/esign/accounts/caller";
import { recordAccountEvent } from "@/lib/esign/audit/record-event";
import { unprocessable } from "@/lib/esign/errors";
import { unknownSignatureFonts } from "@/lib/esign/signing/signature-fonts";
import { readStoredSetting, removeSetting, storeSetting } from "./settings-store";

/**
 * The account's settings documents (SETTINGS_DOCUMENTS): each answers its defaults until written;
 * a write merges into what is stored (the original's PATCH), a reset goes back to the defaults.
 */

type Settings = Record<string, unknown>;

function isObject(value: unknown): value is Settings {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** `base` with `changes` over it, objects merged member by member (a nested options object is changed, not replaced). */
export function mergeSettings(base: Settings, changes: Settings): Settings {
  const merged: Settings = { ...base };
  for (const [key, value] of Object.entries(changes)) merged[key] = isObject(value) && isObject(base[key]) ? mergeSettings(base[key], value) : value;
  return merged;
}

/** The document in force for the account: what is stored over the defaults. */
export async function readSettingsDocument(db: Queryable, accountId: string, name: SettingsDocumentName): Promise<Settings> {
  return settingsDocumentOf(name, await readStoredSetting(db, accountId, name));
}

/** The document in force given what is stored of it (undefined when nothing is). */
export function settingsDocumentOf(name: SettingsDocumentName, stored: unknown): Settings {
  return mergeSettings(SETTINGS_DOCUMENTS[name].defaults, isObject(stored) ? stored : {});
}

/** GET: the document as the caller's account has it. */
export async function getSettingsDocument(db: Queryable, caller: Caller, name: SettingsDocumentName): Promise<Settings> {
  return readSettingsDocument(db, caller.account.id, name);
}

/** How a write meets what is stored: merged member by member (PATCH), or in its place (the themes' PUT and POST). */
export type SettingsWriteMode = "merge" | "replace";

/** The body, checked, merged into (or put in place of) what is stored, in the caller's transaction; answers the document in force. */
export async function writeSettingsDocument(tx: Queryable, caller: Caller, name: SettingsDocumentName, body: unknown, mode: SettingsWriteMode = "merge"): Promise<Settings> {
  const changes = parseWith(SETTINGS_DOCUMENTS[name].schema, body, name) as Settings;
  if (name === "chooseSignature") assertKnownSignatureFonts(changes);
  const stored = await readStoredSetting(tx, caller.account.id, name);
  await storeSetting(tx, caller.account.id, name, mode === "replace" ? changes : mergeSettings(isObject(stored) ? stored : {}, changes));
  await recordAccountEvent(tx, caller, "ACCOUNT_SETTINGS_UPDATE", `${name}: ${Object.keys(changes).join(", ") || "nothing"}`);
  return readSettingsDocument(tx, caller.account.id, name);
}

/** chooseSignature names only fonts Signet draws (Latin) or the original knows (the other writing systems). */
function assertKnownSignatureFonts(changes: Settings): void {
  const fonts = (changes.signature as { fontsPerWritingSystem?: Record<string, string[]> } | undefined)?.fontsPerWritingSystem;
  const unknown = fonts ? unknownSignatureFonts(fonts) : [];
  if (unknown.length > 0) {
    throw unprocessable("error.validation.signatureFont", `Unknown signature fonts or writing systems in fontsPerWritingSystem: ${unknown.join("; ")}.`);
  }
}

/** Back to the defaults, in the caller's transaction. */
export async function removeSettingsDocument(tx: Queryable, caller: Caller, name: SettingsDocumentName): Promise<void> {
  if (await removeSetting(tx, caller.account.id, name)) await recordAccountEvent(tx, caller, "ACCOUNT_SETTINGS_RESET", name);
}

/** PATCH (merging), or PUT and POST where the original has them (replacing for the themes). */
export async function patchSettingsDocument(db: Db, caller: Caller, name: SettingsDocumentName, body: unknown, mode: SettingsWriteMode = "merge"): Promise<Settings> {
  return db.transaction((tx) => writeSettingsDocument(tx, caller, name, body, mode));
}

/** GET of the attachments whitelist, as the original answers it: a bare array of extensions. */
export async function getAttachmentsWhitelist(db: Queryable, caller: Caller): Promise<string[]> {
  const { allowedFileTypes } = await readSettingsDocument(db, caller.account.id, "attachmentsWhitelist");
  return allowedFileTypes as string[];
}

/** PUT of the attachments whitelist: the extensions (a bare array) in place of the stored ones. */
export async function putAttachmentsWhitelist(db: Db, caller: Caller, allowedFileTypes: z.output<typeof attachmentsWhitelistInput>): Promise<string[]> {
  const written = await patchSettingsDocument(db, caller, "attachmentsWhitelist", { allowedFileTypes }, "replace");
  return written.allowedFileTypes as string[];
}

/** DELETE. */
export async function resetSettingsDocument(db: Db, caller: Caller, name: SettingsDocumentName): Promise<void> {
  await db.transaction((tx) => removeSettingsDocument(tx, caller, name));
}
