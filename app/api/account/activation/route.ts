import { senderActivation, senderActivationResponse, type SenderActivationResponse } from "@/lib/api/senders";
import { activateSender } from "@/lib/esign/senders/activate-sender";
import { clientIp, publicRoute } from "@/lib/http/api-handler";
import { ok } from "@/lib/api/openapi/operation";

/** Our extension, public: an invited sender sets a password with the token of their link and becomes ACTIVE. */
export const POST = publicRoute({
  tag: "Senders",
  summary: "Activate an invited sender with the token of their link and a password (our extension)",
  body: { schema: senderActivation },
  responses: { 200: ok(senderActivationResponse) },
}, async ({ request, db, body }) => {
  const answer: SenderActivationResponse = await activateSender(db, body, clientIp(request));
  return answer;
});

export * from "@/lib/http/method-not-allowed";
