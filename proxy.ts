import { NextResponse, type NextRequest } from "next/server";
import { mayBeDesignerSession } from "@/lib/console/designer-scope";
import type { DesignerPageGate } from "@/lib/console/designer-page-gate";
import { CONSOLE_PATH_HEADER } from "@/lib/console/sign-in-return";
import { crossOriginServerActionRefusal, isCrossOriginServerAction } from "@/lib/http/server-action-origin";
import { serverActionNestsTooDeep, tooDeepServerActionRefusal } from "@/lib/http/server-action-body";
import { ceremonyFrameAncestors, newNonce, pageContentSecurityPolicy, pageSecurityHeaders } from "@/lib/http/security-headers";

/**
 * Next.js's request proxy (not the console's API proxy, `app/proxy`), for pages only:
 * - their security headers, with a fresh script nonce that Next.js reads from the request's
 *   Content-Security-Policy and puts on its scripts (lib/http/security-headers.ts);
 * - the ceremony's frame-ancestors, from the package's account (embedded signing);
 * - a designer session (`/auth?senderAuthenticationToken=` for a draft): its package's builder,
 *   framable by the same origins of the package's account (the embedded designer); any other
 *   console page refused with 403;
 * - the path being opened, for the console pages' layout, which cannot otherwise know it, so that
 *   a signed-out visitor is sent to sign in and then brought back to it;
 * - a server action sent from another origin: refused with a 403 JSON (Next.js would answer an
 *   HTML 500); one whose arguments nest deeper than JSON may: a 400 JSON (React's decoding would
 *   overflow its stack, a 500).
 *
 * Next.js loads this module on a server's first request of any kind, an API call too, though it
 * runs for pages only. So what only some pages need (a designer session's cookie decrypted and
 * looked up, a ceremony's embedding origins read from the database) loads at its first use,
 * through `import()`: statically imported, it made this module a 500 KB bundle of its own (the
 * database layer again), 100 to 170 ms of loading that an integration's first call waited on.
 */
export async function proxy(request: NextRequest) {
  if (isCrossOriginServerAction(request)) return crossOriginServerActionRefusal();
  if (await serverActionNestsTooDeep(request)) return tooDeepServerActionRefusal();
  const { pathname, search } = request.nextUrl;
  const ceremonyPackage = /^\/sign\/([^/]+)\/?$/.exec(pathname)?.[1];
  const designer = await designerGate(request, pathname);
  if (designer.kind === "refused") return (await import("@/lib/console/designer-page-gate")).designerRefusalPage();
  const framedPackage = ceremonyPackage ?? (designer.kind === "builder" ? encodeURIComponent(designer.packageId) : undefined);
  const frameAncestors = framedPackage === undefined ? "'none'" : ceremonyFrameAncestors(await embeddingOrigins(framedPackage));
  const policy = pageContentSecurityPolicy(newNonce(), frameAncestors, process.env.NODE_ENV === "development");

  const headers = new Headers(request.headers);
  headers.set("content-security-policy", policy);
  headers.set(CONSOLE_PATH_HEADER, `${pathname}${search}`);
  const response = NextResponse.next({ request: { headers } });
  for (const [name, value] of Object.entries(pageSecurityHeaders(policy, framedPackage !== undefined))) response.headers.set(name, value);
  return response;
}

/** A designer session's gate, read only for a console page with a session cookie. */
async function designerGate(request: NextRequest, pathname: string): Promise<DesignerPageGate> {
  if (!mayBeDesignerSession(request, pathname)) return { kind: "none" };
  return (await import("@/lib/console/designer-page-gate")).designerPageGate(request, pathname);
}

/** The package's embedding origins; none (only Signet's own pages may frame it) when they cannot be read. */
async function embeddingOrigins(encodedPackageId: string): Promise<string[]> {
  try {
    const [{ getDb }, { embeddedSigningOriginsOf }] = await Promise.all([import("@/lib/db/client"), import("@/lib/esign/account-settings/embedded-signing")]);
    return await embeddedSigningOriginsOf(await getDb(), decodeURIComponent(encodedPackageId));
  } catch (error) {
    if (!(error instanceof URIError)) console.error("[proxy] the ceremony's embedding origins could not be read", error);
    return [];
  }
}

/**
 * Every page; not the route handlers (the API, the console's proxy, pdf.js's files, the ceremony's
 * entry at /access and /auth, next-auth under /auth/, token exchanges), whose headers are
 * next.config.mjs's, nor Next.js's own files.
 */
export const config = {
  matcher: ["/((?!api/|proxy/|pdfjs/|auth/|oauth2/|apitoken/|_next/|access$|auth$|favicon\\.ico$|icon\\.svg$).*)"],
};
