import { encode } from "next-auth/jwt";
import { ServiceError } from "@/lib/esign/errors";
import { errorResponse, json } from "@/lib/http/responses";
import { consoleAuthSecret, sessionCookieIsSecure } from "./auth-secret";
import { clientIpOf, sessionClaimsOf, SESSION_MAX_AGE_SECONDS, userOfAuthenticationToken } from "./auth";
import { consolePath } from "./sign-in-return";

const PRIVATE = { "cache-control": "no-store", "referrer-policy": "no-referrer" };

/**
 * `/auth?authenticationToken=…[&target=…]`, the original service's sign-in by user authentication
 * token: the token is redeemed once and becomes a console session, the same encrypted cookie a
 * password sign-in sets. A browser goes on to `target` when it is a console page, else the home
 * page; a program asking for JSON gets `{sessionToken}` (the cookie's value) as the SDKs expect.
 */
export async function signInByLink(request: Request, authenticationToken: string, answerJson: boolean): Promise<Response> {
  let user;
  try {
    user = await userOfAuthenticationToken(authenticationToken, clientIpOf(request.headers));
  } catch {
    if (answerJson) {
      const refused = errorResponse(new ServiceError(401, "error.unauthorised.authenticationToken", "This sign-in link is not valid, has been used or has expired."));
      for (const [name, value] of Object.entries(PRIVATE)) refused.headers.set(name, value);
      return refused;
    }
    return new Response(null, { status: 303, headers: { location: "/signin?reason=link", ...PRIVATE } });
  }
  const secure = sessionCookieIsSecure(request);
  const cookieName = `${secure ? "__Secure-" : ""}authjs.session-token`;
  const sessionToken = await encode({
    token: { name: user.name, email: user.email, sub: user.id, ...(await sessionClaimsOf(user)) },
    secret: consoleAuthSecret(),
    salt: cookieName,
    maxAge: SESSION_MAX_AGE_SECONDS,
  });
  const cookie = [`${cookieName}=${sessionToken}`, "Path=/", "HttpOnly", "SameSite=Lax", `Max-Age=${SESSION_MAX_AGE_SECONDS}`, ...(secure ? ["Secure"] : [])].join("; ");
  if (answerJson) return json({ sessionToken }, 200, { "set-cookie": cookie, ...PRIVATE });
  const target = consolePath(new URL(request.url).searchParams.get("target") ?? "");
  return new Response(null, { status: 303, headers: { location: target, "set-cookie": cookie, ...PRIVATE } });
}
