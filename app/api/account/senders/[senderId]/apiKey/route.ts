import type { SenderApiKeyResponse } from "@/lib/api/senders";
import { readSenderApiKey } from "@/lib/esign/senders/read-sender-api-key";
import { apiRoute } from "@/lib/http/api-handler";

/** Spec 4.6: the sender's API key in the caller's account, `{"apiKey": "..."}`. Another's key needs users.api_keys (checked by the use case); one's own does not. */
export const GET = apiRoute<{ senderId: string }>({ permission: null }, async ({ params, db, caller }) => {
  const body: SenderApiKeyResponse = await readSenderApiKey(db, caller, params.senderId);
  return body;
});
