import { NextResponse, type NextRequest } from "next/server";
import { CONSOLE_PATH_HEADER } from "@/lib/console/sign-in-return";
import { crossOriginServerActionRefusal, isCrossOriginServerAction } from "@/lib/http/server-action-origin";

/**
 * Next.js's request proxy (not the console's API proxy, `app/proxy`): hands the console pages'
 * layout the path being opened, which a layout cannot otherwise know, so that a signed-out
 * visitor is sent to sign in and then brought back to it. And refuses a server action sent from
 * another origin with a 403 JSON.
 */
export function proxy(request: NextRequest) {
  if (isCrossOriginServerAction(request)) return crossOriginServerActionRefusal();
  const headers = new Headers(request.headers);
  headers.set(CONSOLE_PATH_HEADER, `${request.nextUrl.pathname}${request.nextUrl.search}`);
  return NextResponse.next({ request: { headers } });
}

export const config = {
  matcher: [
    "/packages/:path*",
    "/templates/:path*",
    "/account/:path*",
    // Every server action POST, on any page (sign-in and sign-up included).
    { source: "/:path*", has: [{ type: "header", key: "next-action" }] },
  ],
};
