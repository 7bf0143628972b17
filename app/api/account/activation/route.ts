import { senderActivation, senderActivationResponse, type SenderActivationResponse } from "@/lib/api/senders";
import { activateSender } from "@/lib/esign/senders/activate-sender";
import { clientIp, publicRoute } from "@/lib/http/api-handler";
import { readJsonWith } from "@/lib/http/request-body";
import { ok } from "@/lib/api/openapi/operation";

/** Our extension, public: an invited sender sets a password with the token of their link and becomes ACTIVE. */
export const POST = publicRoute({
  tag: "Senders",
  summary: "Activate an invited sender with the token of their link and a password (our extension)",
  body: { schema: senderActivation },
  responses: { 200: ok(senderActivationResponse) },
}, async ({ request, db }) => {
  const input = await readJsonWith(request, senderActivation);
  const body: SenderActivationResponse = await activateSender(db, input, clientIp(request));
  return body;
});

export * from "@/lib/http/method-not-allowed";
