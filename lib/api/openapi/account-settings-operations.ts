import { z } from "zod";
import { accountSettingsPatch, attachmentsWhitelistInput, declineReasonsInput, handoverInput, SETTINGS_DOCUMENTS, settingsDocumentResponse, signingLogosInput, type SettingsDocumentName } from "../account-settings";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { noContent, ok, type Operation } from "./operation";

const tag = "Account settings";
const manage = PERMISSIONS.accountSettings;

/** A settings document's operations: GET, its write method(s) (merging, or replacing), DELETE (back to the defaults) where it has one. */
function documentOperations(path: string, name: SettingsDocumentName, writes: ("patch" | "put" | "post")[], withDelete = true, replacing = false): Operation[] {
  const operations: Operation[] = [
    { method: "get", path, tag, summary: `The account's ${name}: what is stored over the defaults`, permission: null, responses: { 200: ok(settingsDocumentResponse) } },
    ...writes.map(
      (method): Operation => ({
        method,
        path,
        tag,
        summary: replacing ? `Set ${name}: the body replaces what is stored` : `Change ${name}: the members given, merged into what is stored`,
        permission: manage,
        body: { schema: SETTINGS_DOCUMENTS[name].schema },
        responses: { 200: ok(settingsDocumentResponse) },
      }),
    ),
  ];
  if (withDelete) operations.push({ method: "delete", path, tag, summary: `Set ${name} back to its defaults`, permission: manage, responses: { 204: noContent } });
  return operations;
}

const admin = "/api/account/admin/accountSettings";
const whitelist = `${admin}/attachmentsWhitelist`;
const handover = "/api/accountConfig/handoverUrl/{language}";
const declineReasons = "/api/accountConfig/declineReasons/{language}";
const handoverResponse = z.object({ href: z.string(), text: z.string(), title: z.string(), language: z.string() });

/** The account's settings and configuration, as the original service keeps them (lib/api/account-settings.ts). */
export const accountSettingsOperations: Operation[] = [
  { method: "get", path: admin, tag, summary: "The package and feature settings: {accountPackageSettings, accountFeatureSettings}", permission: null, responses: { 200: ok(settingsDocumentResponse) } },
  { method: "patch", path: admin, tag, summary: "Change the package and feature settings (merging)", permission: manage, body: { schema: accountSettingsPatch }, responses: { 200: ok(settingsDocumentResponse) } },
  { method: "delete", path: admin, tag, summary: "Set the package and feature settings back to their defaults", permission: manage, responses: { 204: noContent } },
  ...(
    ["packageSettings", "featureSettings", "designerSettings", "limitSupportedLanguages", "emailReminderSettings", "systemSettings", "signatureLayout"] as const
  ).flatMap((name) => documentOperations(`${admin}/${name}`, name, ["patch"])),
  { method: "get", path: whitelist, tag, summary: "The file extensions signers may attach, upper-cased (empty: any)", permission: null, responses: { 200: ok(z.array(z.string())) } },
  ...(["put", "patch"] as const).map(
    (method): Operation => ({ method, path: whitelist, tag, summary: "Replace the extensions signers may attach (a bare array)", permission: manage, body: { schema: attachmentsWhitelistInput }, responses: { 200: ok(z.array(z.string())) } }),
  ),
  { method: "delete", path: whitelist, tag, summary: "Let signers attach any kind of file again", permission: manage, responses: { 204: noContent } },
  ...documentOperations("/api/account/admin/chooseSignature", "chooseSignature", ["patch"]),
  ...documentOperations("/api/account/admin/signingUiOptions", "signingUiOptions", ["patch"]),
  ...documentOperations("/api/account/signingThemes", "signingThemes", ["post", "put"], true, true),
  ...documentOperations("/api/dataRetentionSettings/expiryTimeConfiguration", "expiryTimeConfiguration", ["put"], false),
  ...documentOperations("/api/dataRetentionSettings/dataManagementPolicy", "dataManagementPolicy", ["put"], false),
  { method: "get", path: "/api/account/admin/signingLogos", tag, summary: "The ceremony's logo for each language", permission: null, responses: { 200: ok(signingLogosInput) } },
  { method: "post", path: "/api/account/admin/signingLogos", tag, summary: "Replace the ceremony's logos", permission: manage, body: { schema: signingLogosInput }, responses: { 200: ok(signingLogosInput) } },
  { method: "get", path: handover, tag, summary: "Where the ceremony leads a signer who finished, in one language (empty members when none)", permission: null, responses: { 200: ok(handoverResponse) } },
  ...(["post", "put"] as const).map((method): Operation => ({ method, path: handover, tag, summary: "Set the hand-over link of a language", permission: manage, body: { schema: handoverInput }, responses: { 200: ok(handoverResponse) } })),
  { method: "delete", path: handover, tag, summary: "Remove the hand-over link of a language", permission: manage, responses: { 204: noContent } },
  { method: "get", path: declineReasons, tag, summary: "The reasons a signer picks from to decline, in one language", permission: null, responses: { 200: ok(declineReasonsInput) } },
  ...(["post", "put"] as const).map((method): Operation => ({ method, path: declineReasons, tag, summary: "Set the decline reasons of a language", permission: manage, body: { schema: declineReasonsInput }, responses: { 200: ok(declineReasonsInput) } })),
  { method: "delete", path: declineReasons, tag, summary: "Remove the decline reasons of a language", permission: manage, responses: { 204: noContent } },
];
