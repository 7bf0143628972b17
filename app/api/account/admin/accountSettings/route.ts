import { deleteAccountSettings, getAccountSettings, patchAccountSettings } from "@/lib/esign/account-settings/account-settings";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { readJson } from "@/lib/http/request-body";
import { noContent } from "@/lib/http/responses";

/** The package and feature settings together: `{accountPackageSettings, accountFeatureSettings}`. */
export const GET = apiRoute({ permission: null }, async ({ db, caller }) => getAccountSettings(db, caller));

export const PATCH = apiRoute({ permission: PERMISSIONS.accountSettings }, async ({ request, db, caller }) => patchAccountSettings(db, caller, await readJson(request)));

export const DELETE = apiRoute({ permission: PERMISSIONS.accountSettings }, async ({ db, caller }) => {
  await deleteAccountSettings(db, caller);
  return noContent();
});
