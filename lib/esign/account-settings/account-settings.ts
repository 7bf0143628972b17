import type { z } from "zod";
import type { Db, Queryable } from "@/lib/db/client";
import { accountSettingsPatch } from "@/lib/api/account-settings";
import type { Caller } from "@/lib/esign/accounts/caller";
import { readSettingsDocument, removeSettingsDocument, writeSettingsDocument } from "./settings-documents";

/** `/api/account/admin/accountSettings`: the package and feature settings documents together, as the original's AccountSettings. */

export async function getAccountSettings(db: Queryable, caller: Caller) {
  return {
    accountPackageSettings: await readSettingsDocument(db, caller.account.id, "packageSettings"),
    accountFeatureSettings: await readSettingsDocument(db, caller.account.id, "featureSettings"),
  };
}

export async function patchAccountSettings(db: Db, caller: Caller, input: z.output<typeof accountSettingsPatch>) {
  return db.transaction(async (tx) => {
    if (input.accountPackageSettings) await writeSettingsDocument(tx, caller, "packageSettings", input.accountPackageSettings);
    if (input.accountFeatureSettings) await writeSettingsDocument(tx, caller, "featureSettings", input.accountFeatureSettings);
    return getAccountSettings(tx, caller);
  });
}

export async function deleteAccountSettings(db: Db, caller: Caller): Promise<void> {
  await db.transaction(async (tx) => {
    await removeSettingsDocument(tx, caller, "packageSettings");
    await removeSettingsDocument(tx, caller, "featureSettings");
  });
}
