import { encode } from "next-auth/jwt";
import { designerSignInResponse } from "@/lib/api/accounts";
import { ServiceError } from "@/lib/esign/errors";
import { errorResponse, json } from "@/lib/http/responses";
import { consoleAuthSecret, sessionCookieIsSecure } from "./auth-secret";
import { clientIpOf, sessionClaimsOf, SESSION_MAX_AGE_SECONDS, userOfApiKey } from "./auth";
import { designerPagePath } from "./designer-scope";
import { callEsignApi } from "./esign-api";

const PRIVATE = { "cache-control": "no-store", "referrer-policy": "no-referrer" };

/**
 * `/auth?senderAuthenticationToken=…[&target=…]` for a draft: the original's designer link. The
 * token is redeemed once (`POST /api/signin/senderAuthenticationToken`) and becomes a console
 * session of the package's sender limited to that package (designerPackageId in the session:
 * lib/console/designer-scope.ts), with where the designer returns to. A browser goes to the
 * package's builder whatever `target` says (the original's `/designer/{id}` or
 * `/a/transaction/{id}/designer`: the only place this session may go); a program asking for JSON
 * gets `{sessionToken}` (the cookie's value), as the SDKs' getSessionIdForSenderAuthenticationToken
 * reads it. Over https the cookie is `SameSite=None; Secure; Partitioned`, so the designer works in
 * a frame of the integrator's site.
 */
export async function signInToDesigner(request: Request, token: string, answerJson: boolean): Promise<Response> {
  const clientIp = clientIpOf(request.headers);
  const answer = await callEsignApi("/api/signin/senderAuthenticationToken", { json: { senderAuthenticationToken: token }, clientIp }).catch(() => null);
  const parsed = answer?.status === 200 ? designerSignInResponse.safeParse(answer.body) : null;
  if (!parsed?.success) {
    if (answerJson) {
      const refused = errorResponse(new ServiceError(401, "error.unauthorised.senderAuthenticationToken", "This designer link is not valid, has been used or has expired."));
      for (const [name, value] of Object.entries(PRIVATE)) refused.headers.set(name, value);
      return refused;
    }
    return new Response(null, { status: 303, headers: { location: "/signin?reason=link", ...PRIVATE } });
  }
  const { apiKey, packageId, returnUrl } = parsed.data;
  const user = await userOfApiKey(apiKey, clientIp).then(
    (found) => ({ ...found, signInMethod: "senderAuthenticationToken" as const }),
    () => null,
  );
  if (!user) return json({ code: 502, name: "Bad Gateway", message: "The e-signature service could not be reached. Try again in a moment.", messageKey: "error.badGateway.serviceUnreachable" }, 502, PRIVATE);
  const secure = sessionCookieIsSecure(request);
  const cookieName = `${secure ? "__Secure-" : ""}authjs.session-token`;
  const sessionToken = await encode({
    token: { name: user.name, email: user.email, sub: user.id, ...(await sessionClaimsOf(user)), designerPackageId: packageId, designerReturnUrl: returnUrl },
    secret: consoleAuthSecret(),
    salt: cookieName,
    maxAge: SESSION_MAX_AGE_SECONDS,
  });
  const sameSite = secure ? ["SameSite=None", "Secure", "Partitioned"] : ["SameSite=Lax"];
  const cookie = [`${cookieName}=${sessionToken}`, "Path=/", "HttpOnly", ...sameSite, `Max-Age=${SESSION_MAX_AGE_SECONDS}`].join("; ");
  if (answerJson) return json({ sessionToken }, 200, { "set-cookie": cookie, ...PRIVATE });
  return new Response(null, { status: 303, headers: { location: designerPagePath(packageId), "set-cookie": cookie, ...PRIVATE } });
}
