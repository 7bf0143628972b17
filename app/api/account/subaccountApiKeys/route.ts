import { listSubAccountApiKeys } from "@/lib/esign/sub-accounts/list-sub-account-api-keys";
import { apiRoute } from "@/lib/http/api-handler";
import { json } from "@/lib/http/responses";
import { ok } from "@/lib/api/openapi/operation";
import { subAccountApiKeysResponse } from "@/lib/api/sub-accounts";

/** The caller's own keys in the sub accounts below this one, as a bare array `[{accountUid, accountName, apiKey}]`. */
export const GET = apiRoute({ tag: "Sub accounts", summary: "The caller's API keys in the sub accounts below this one (a bare array; refused to access tokens)", permission: null, responses: { 200: ok(subAccountApiKeysResponse) } }, async ({ db, caller }) => {
  return json(await listSubAccountApiKeys(db, caller));
});

export * from "@/lib/http/method-not-allowed";
