import type { SenderApiKeyResponse } from "@/lib/api/senders";
import { readSenderApiKey } from "@/lib/esign/senders/read-sender-api-key";
import { apiRoute } from "@/lib/http/api-handler";
import { ok } from "@/lib/api/openapi/operation";
import { senderApiKeyResponse } from "@/lib/api/senders";

/** Spec 4.6: the sender's API key in the caller's account, `{"apiKey": "..."}`. Another's key needs users.api_keys (checked by the use case); one's own does not. */
export const GET = apiRoute({
  params: ["senderId"],
  tag: "Senders",
  summary: "The sender's API key",
  description:
    "Only with an API key, not an access token (403 `error.forbidden.apiKeysNeedApiKey`). Anyone reads their own key (our extension: no permission needed). " +
    "Another sender's key needs users.api_keys (403 `error.forbidden.noPermission`) and a sender the caller may administer: the owner reads anyone's; " +
    "anyone else that of a member who is not an owner and holds no permission they lack (403 `error.forbidden.targetHasMorePermissions`).",
  permission: null,
  responses: { 200: ok(senderApiKeyResponse) },
}, async ({ params, db, caller }) => {
  const body: SenderApiKeyResponse = await readSenderApiKey(db, caller, params.senderId);
  return body;
});

export * from "@/lib/http/method-not-allowed";
