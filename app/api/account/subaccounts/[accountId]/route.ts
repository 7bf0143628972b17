import { subAccountResponse, updateSubAccountRequest } from "@/lib/api/sub-accounts";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { updateSubAccount } from "@/lib/esign/sub-accounts/update-sub-account";
import { apiRoute } from "@/lib/http/api-handler";
import { ok } from "@/lib/api/openapi/operation";

/** Updates name, time zone and language of an account below the caller's; answers the Account. */
export const PUT = apiRoute({ params: ["accountId"], tag: "Sub accounts", summary: "Change a sub account's name, time zone or language", permission: PERMISSIONS.subAccountsManage, body: { schema: updateSubAccountRequest }, responses: { 200: ok(subAccountResponse) } }, async ({ db, caller, params, body }) => {
  return updateSubAccount(db, caller, params.accountId, body);
});

export * from "@/lib/http/method-not-allowed";
