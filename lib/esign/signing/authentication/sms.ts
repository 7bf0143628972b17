import { missingSmsSettings, smsSettings } from "@/lib/config";
import { ServiceError, unprocessable } from "@/lib/esign/errors";
import { e164 } from "./signer-auth";

/**
 * One text message through Twilio's Messages API (or any server speaking its protocol at
 * TWILIO_API_URL): POST {base}/2010-04-01/Accounts/{AccountSid}/Messages.json, form-encoded
 * To, From and Body, HTTP Basic auth AccountSid:AuthToken. Twilio answers 201 with the message.
 */
export async function sendTextMessage(to: string, body: string): Promise<void> {
  const settings = smsSettings();
  if (!settings) {
    throw unprocessable("error.validation.smsProviderMissing", `No text message provider is configured: set ${missingSmsSettings().join(", ")}.`);
  }
  const url = `${settings.apiUrl}/2010-04-01/Accounts/${encodeURIComponent(settings.accountSid)}/Messages.json`;
  const form = new URLSearchParams({ To: e164(to), From: settings.fromNumber, Body: body });
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: {
        authorization: `Basic ${Buffer.from(`${settings.accountSid}:${settings.authToken}`, "utf8").toString("base64")}`,
        "content-type": "application/x-www-form-urlencoded",
        accept: "application/json",
      },
      body: form.toString(),
      signal: AbortSignal.timeout(10_000),
    });
  } catch (error) {
    throw new ServiceError(502, "error.badGateway.smsNotSent", "The text message could not be sent: the provider did not answer. Try again.", String(error));
  }
  if (!response.ok) {
    const detail = await response.text().catch(() => "");
    throw new ServiceError(502, "error.badGateway.smsNotSent", `The text message could not be sent: the provider answered ${response.status}. Try again.`, detail.slice(0, 500));
  }
}
