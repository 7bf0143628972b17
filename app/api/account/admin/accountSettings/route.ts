import { deleteAccountSettings, getAccountSettings, patchAccountSettings } from "@/lib/esign/account-settings/account-settings";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { noContent } from "@/lib/http/responses";
import { accountSettingsPatch, settingsDocumentResponse } from "@/lib/api/account-settings";
import { noBody, ok } from "@/lib/api/openapi/operation";

/** The package and feature settings together: `{accountPackageSettings, accountFeatureSettings}`. */
export const GET = apiRoute({ tag: "Account settings", summary: "The package and feature settings: {accountPackageSettings, accountFeatureSettings}", permission: null, responses: { 200: ok(settingsDocumentResponse) } }, async ({ db, caller }) => getAccountSettings(db, caller));

export const PATCH = apiRoute({ tag: "Account settings", summary: "Change the package and feature settings (merging)", permission: PERMISSIONS.accountSettings, body: { schema: accountSettingsPatch, nameInErrors: "account settings" }, responses: { 200: ok(settingsDocumentResponse) } }, async ({ db, caller, body }) => patchAccountSettings(db, caller, body));

export const DELETE = apiRoute({ tag: "Account settings", summary: "Set the package and feature settings back to their defaults", permission: PERMISSIONS.accountSettings, responses: { 204: noBody } }, async ({ db, caller }) => {
  await deleteAccountSettings(db, caller);
  return noContent();
});

export * from "@/lib/http/method-not-allowed";
