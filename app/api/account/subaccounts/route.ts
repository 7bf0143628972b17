import { createSubAccountRequest, subAccountListResponse, subAccountResponse } from "@/lib/api/sub-accounts";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { createSubAccount } from "@/lib/esign/sub-accounts/create-sub-account";
import { listSubAccounts } from "@/lib/esign/sub-accounts/list-sub-accounts";
import { apiRoute } from "@/lib/http/api-handler";
import { json } from "@/lib/http/responses";
import { ok } from "@/lib/api/openapi/operation";

/** The accounts below the caller's, as a bare array (compat notes exception). */
export const GET = apiRoute({ tag: "Sub accounts", summary: "The sub accounts below the caller's account (a bare array)", permission: PERMISSIONS.subAccountsView, responses: { 200: ok(subAccountListResponse) } }, async ({ db, caller }) => {
  return json(await listSubAccounts(db, caller));
});

/** Creates a sub account and answers the Account (200, as the reference service does). */
export const POST = apiRoute({
  tag: "Sub accounts",
  summary: "Create a sub account (three levels at most)",
  description: "The creating user becomes the sub account's owner and gets an API key there; that key acts in the sub account.",
  permission: PERMISSIONS.subAccountsManage,
  body: { schema: createSubAccountRequest },
  responses: { 200: ok(subAccountResponse) },
}, async ({ db, caller, body }) => {
  return createSubAccount(db, caller, body);
});

export * from "@/lib/http/method-not-allowed";
