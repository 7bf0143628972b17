import type { SettingsDocumentName } from "@/lib/api/account-settings";
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
  const writer = (mode: SettingsWriteMode) =>
    apiRoute({ permission: PERMISSIONS.accountSettings }, async ({ request, db, caller }) => patchSettingsDocument(db, caller, name, await readJson(request), mode));
  return {
    GET: apiRoute({ permission: null }, async ({ db, caller }) => getSettingsDocument(db, caller, name)),
    write: writer("merge"),
    replace: writer("replace"),
    DELETE: apiRoute({ permission: PERMISSIONS.accountSettings }, async ({ db, caller }) => {
      await resetSettingsDocument(db, caller, name);
      return noContent();
    }),
  };
}
