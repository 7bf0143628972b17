import { subAccountResponse, updateSubAccountRequest } from "@/lib/api/sub-accounts";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { updateSubAccount } from "@/lib/esign/sub-accounts/update-sub-account";
import { apiRoute } from "@/lib/http/api-handler";
import { readJsonWith } from "@/lib/http/request-body";
import { ok } from "@/lib/api/openapi/operation";

type Params = { accountId: string };

/** Updates name, time zone and language of an account below the caller's; answers the Account. */
export const PUT = apiRoute<Params>({ tag: "Sub accounts", summary: "Change a sub account's name, time zone or language", permission: PERMISSIONS.subAccountsManage, body: { schema: updateSubAccountRequest }, responses: { 200: ok(subAccountResponse) } }, async ({ request, db, caller, params }) => {
  const input = await readJsonWith(request, updateSubAccountRequest);
  return updateSubAccount(db, caller, params.accountId, input);
});

export * from "@/lib/http/method-not-allowed";
