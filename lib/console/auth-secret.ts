import { config } from "@/lib/config";
import { derivedKey } from "@/lib/esign/security/server-secret";

/**
 * The key that encrypts the console's session cookie (which holds the user's API key): AUTH_SECRET
 * when set, else one derived from the server secret, so a fresh machine needs no extra set-up and
 * every instance sharing SIGNET_SECRET reads the same cookies.
 */
export function consoleAuthSecret(): string {
  return config().authSecret || derivedKey("console-session").toString("base64url");
}

/** next-auth prefixes its cookie with __Secure- when served over https. */
export function sessionCookieIsSecure(request: Request): boolean {
  const forwarded = request.headers.get("x-forwarded-proto")?.split(",")[0].trim();
  return (forwarded ?? new URL(request.url).protocol.replace(":", "")) === "https";
}
