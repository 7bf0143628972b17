import { listSubAccountApiKeys } from "@/lib/esign/sub-accounts/list-sub-account-api-keys";
import { apiRoute } from "@/lib/http/api-handler";
import { json } from "@/lib/http/responses";

/** The caller's own keys in the sub accounts below this one, as a bare array `[{accountUid, accountName, apiKey}]`. */
export const GET = apiRoute({ permission: null }, async ({ db, caller }) => {
  return json(await listSubAccountApiKeys(db, caller));
});
