import { getToken } from "next-auth/jwt";
import { consoleAuthSecret } from "./auth-secret";
import { consoleSessionIsLive } from "./console-sessions";
import { designerMayOpenPage, mayBeDesignerSession } from "./designer-scope";

/** The answer of proxy.ts to a console page under a designer session. */
export type DesignerPageGate = { kind: "none" } | { kind: "builder"; packageId: string } | { kind: "refused" };

/**
 * For proxy.ts: whether a console page is opened by a designer session, and if so whether it is
 * that session's builder (framable by the account's embedding origins) or any other page (403).
 * Only console pages with a session cookie are looked at; a cookie that does not decrypt, or a
 * session that ended, is no designer session (the layout then sends the browser to sign in).
 */
export async function designerPageGate(request: Request, pathname: string): Promise<DesignerPageGate> {
  if (!mayBeDesignerSession(request, pathname)) return { kind: "none" };
  // Both names are read, whichever the request's protocol: a junk cookie under one name must not
  // hide a designer session under the other, which the console's own session check may read.
  for (const secureCookie of [false, true]) {
    const token = await getToken({ req: { headers: request.headers }, secret: consoleAuthSecret(), secureCookie }).catch(() => null);
    const packageId = token?.designerPackageId;
    if (typeof packageId !== "string" || !packageId || !(await consoleSessionIsLive(token?.sessionId))) continue;
    return designerMayOpenPage(packageId, pathname) ? { kind: "builder", packageId } : { kind: "refused" };
  }
  return { kind: "none" };
}

/** The page a designer session gets for any other console page: 403, nothing to run or click. */
export function designerRefusalPage(): Response {
  const body =
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Not available here · Signet</title></head><body style="font-family:system-ui,sans-serif;margin:2rem">' +
    '<h1 style="font-size:1.25rem">Not available in this session</h1><p>This session opens one package\'s designer only.</p></body></html>';
  return new Response(body, {
    status: 403,
    headers: {
      "content-type": "text/html; charset=utf-8",
      "cache-control": "no-store",
      "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
      "x-frame-options": "DENY",
      "x-content-type-options": "nosniff",
    },
  });
}
