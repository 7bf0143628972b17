import { createSubAccountRequest } from "@/lib/api/sub-accounts";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { createSubAccount } from "@/lib/esign/sub-accounts/create-sub-account";
import { listSubAccounts } from "@/lib/esign/sub-accounts/list-sub-accounts";
import { apiRoute } from "@/lib/http/api-handler";
import { readJsonWith } from "@/lib/http/request-body";
import { json } from "@/lib/http/responses";

/** The accounts below the caller's, as a bare array (compat notes exception). */
export const GET = apiRoute({ permission: PERMISSIONS.subAccountsView }, async ({ db, caller }) => {
  return json(await listSubAccounts(db, caller));
});

/** Creates a sub account and answers the Account (200, as the reference service does). */
export const POST = apiRoute({ permission: PERMISSIONS.subAccountsManage }, async ({ request, db, caller }) => {
  const input = await readJsonWith(request, createSubAccountRequest);
  return createSubAccount(db, caller, input);
});
