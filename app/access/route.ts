import { redeemSenderToken } from "@/lib/esign/signing/hosting/redeem-sender-token";
import { redeemSigningLink } from "@/lib/esign/signing/links/redeem-signing-link";
import { enterCeremony } from "@/lib/http/ceremony-entry";

// Every request redeems a token: never prerendered or cached.
export const dynamic = "force-dynamic";

/**
 * `GET /access?sessionToken=...`, where every signing link and signer authentication token
 * leads, and `GET /access?senderAuthenticationToken=...`, where the sender opens an in-person
 * ceremony they host: the token becomes a ceremony session in an http-only cookie, and the
 * browser goes on to the ceremony of the package (303). A token that does not work gets a
 * readable page (404, 410).
 */
export async function GET(request: Request): Promise<Response> {
  return enterCeremony(
    request,
    (db, query, client) => {
      const senderToken = query.get("senderAuthenticationToken");
      return senderToken !== null && !query.has("sessionToken") ? redeemSenderToken(db, senderToken, client) : redeemSigningLink(db, query.get("sessionToken"), client);
    },
    { answerJson: false, what: "signing link", label: "access" },
  );
}
