import { getToken, type JWT } from "next-auth/jwt";
import { headers } from "next/headers";
import { consoleAuthSecret } from "./auth-secret";
import { consoleSessionIsLive } from "./console-sessions";

/**
 * The session's token, keys included, for a server action that must call the service with a key
 * other than the one the proxy uses (the home account's). Never hand it to the browser.
 */
export async function serverSessionToken(): Promise<JWT | null> {
  const requestHeaders = await headers();
  // next-auth names the cookie __Secure-… when it was set over https.
  const secureCookie = (requestHeaders.get("cookie") ?? "").includes("__Secure-authjs.session-token=");
  const token = await getToken({ req: { headers: requestHeaders }, secret: consoleAuthSecret(), secureCookie });
  // Read as it is, so not through the jwt callback: a signed-out or revoked session is checked here.
  return token && (await consoleSessionIsLive(token.sessionId)) ? token : null;
}
