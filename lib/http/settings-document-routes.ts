import { SETTINGS_DOCUMENTS, settingsDocumentResponse, type SettingsDocumentName } from "@/lib/api/account-settings";
import { noBody, ok } from "@/lib/api/openapi/operation";
import { getSettingsDocument, patchSettingsDocument, resetSettingsDocument, type SettingsWriteMode } from "@/lib/esign/account-settings/settings-documents";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "./api-handler";
import { readJson } from "./request-body";
import { noContent } from "./responses";

/**
 * The route handlers of one account settings document (lib/api/account-settings.ts): any member
 * of the account reads it (its effects reach their packages); changing it takes
 * account_settings.manage. `write` merges into what is stored (the original's PATCH and, on
 * the admin documents, its PUT and POST); `replace` puts the body in place of it (the signing
 * themes' PUT and POST); DELETE goes back to the defaults.
 */
export function settingsDocumentRoutes(name: SettingsDocumentName) {
  const tag = "Account settings";
  // The body is read by the service, which names the document in its errors (`Invalid packageSettings: …`).
  const writer = (mode: SettingsWriteMode, summary: string) =>
    apiRoute(
      { tag, summary, permission: PERMISSIONS.accountSettings, body: { schema: SETTINGS_DOCUMENTS[name].schema, readByHandler: true }, responses: { 200: ok(settingsDocumentResponse) } },
      async ({ request, db, caller }) => patchSettingsDocument(db, caller, name, await readJson(request), mode),
    );
  return {
    GET: apiRoute(
      { tag, summary: `The account's ${name}: what is stored over the defaults`, permission: null, responses: { 200: ok(settingsDocumentResponse) } },
      async ({ db, caller }) => getSettingsDocument(db, caller, name),
    ),
    write: writer("merge", `Change ${name}: the members given, merged into what is stored`),
    replace: writer("replace", `Set ${name}: the body replaces what is stored`),
    DELETE: apiRoute({ tag, summary: `Set ${name} back to its defaults`, permission: PERMISSIONS.accountSettings, responses: { 204: noBody } }, async ({ db, caller }) => {
      await resetSettingsDocument(db, caller, name);
      return noContent();
    }),
  };
}
