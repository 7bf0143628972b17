import type { SenderApiKeyResponse } from "@/lib/api/senders";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { readSenderApiKey } from "@/lib/esign/senders/read-sender-api-key";
import { apiRoute } from "@/lib/http/api-handler";

/** Spec 4.6: the sender's API key in the caller's account, `{"apiKey": "..."}`. */
export const GET = apiRoute<{ senderId: string }>({ permission: PERMISSIONS.usersApiKeys }, async ({ params, db, caller }) => {
  const body: SenderApiKeyResponse = await readSenderApiKey(db, caller, params.senderId);
  return body;
});
