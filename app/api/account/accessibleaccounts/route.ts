import { listAccessibleAccounts } from "@/lib/esign/sub-accounts/list-accessible-accounts";
import { apiRoute } from "@/lib/http/api-handler";
import { json } from "@/lib/http/responses";
import { ok } from "@/lib/api/openapi/operation";
import { accessibleAccountsResponse } from "@/lib/api/sub-accounts";

/** Every account the caller's user belongs to, as a bare array `[{accountUid, accountName}]`. */
export const GET = apiRoute({ tag: "Sub accounts", summary: "The accounts the caller belongs to (a bare array)", permission: null, responses: { 200: ok(accessibleAccountsResponse) } }, async ({ db, caller }) => {
  return json(await listAccessibleAccounts(db, caller));
});

export * from "@/lib/http/method-not-allowed";
