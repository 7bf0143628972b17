import { listAccessibleAccounts } from "@/lib/esign/sub-accounts/list-accessible-accounts";
import { apiRoute } from "@/lib/http/api-handler";
import { json } from "@/lib/http/responses";

/** Every account the caller's user belongs to, as a bare array `[{accountUid, accountName}]`. */
export const GET = apiRoute({ permission: null }, async ({ db, caller }) => {
  return json(await listAccessibleAccounts(db, caller));
});
