import { getToken, type JWT } from "next-auth/jwt";
import { headers } from "next/headers";
import { consoleAuthSecret } from "./auth-secret";

/**
 * The session's token, keys included, for a server action that must call the service with a key
 * other than the one the proxy uses (the home account's). Never hand it to the browser.
 */
export async function serverSessionToken(): Promise<JWT | null> {
  const requestHeaders = await headers();
  // next-auth names the cookie __Secure-… when it was set over https.
  const secureCookie = (requestHeaders.get("cookie") ?? "").includes("__Secure-authjs.session-token=");
  return getToken({ req: { headers: requestHeaders }, secret: consoleAuthSecret(), secureCookie });
}
