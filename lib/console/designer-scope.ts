/**
 * A designer session (`/auth?senderAuthenticationToken=…` for a draft) may see and change one
 * package only, in the builder. These are the console's checks of that, for its pages and its
 * proxy; pure, so tested without a server.
 */

/** The one console page a designer session opens: the package's builder. */
export function designerPagePath(packageId: string): string {
  return `/packages/${encodeURIComponent(packageId)}/edit`;
}

/** Whether a console page (path, without query) is the builder of the session's package. */
export function designerMayOpenPage(packageId: string, pathname: string): boolean {
  return pathname === designerPagePath(packageId);
}

/**
 * Whether the console's proxy forwards `method path` for a designer session: the same rule the
 * service applies to the session's DESIGNER key (lib/api/designer-scope.ts), checked here first.
 */
export { designerMayCall } from "@/lib/api/designer-scope";

/** The console's page areas (app/(console)), and its home page, which a designer session may not open. */
export function isConsolePage(pathname: string): boolean {
  return pathname === "/" || ["/packages", "/templates", "/account", "/profile"].some((area) => pathname === area || pathname.startsWith(`${area}/`));
}

/**
 * A console session's cookie, as Auth.js reads it: `authjs.session-token`, `__Secure-` before it on
 * https, and `.0`, `.1`, … after it when the token is split over several cookies.
 */
const SESSION_COOKIE = /(?:^|;)\s*(?:__Secure-)?authjs\.session-token(?:\.\d+)?=/;

/**
 * Whether a page request may come from a designer session: a console page with a session cookie
 * of any of Auth.js's names. Only then is the cookie decrypted and the session read
 * (designer-page-gate.ts), so proxy.ts loads that code for such requests alone.
 */
export function mayBeDesignerSession(request: Request, pathname: string): boolean {
  return isConsolePage(pathname) && SESSION_COOKIE.test(request.headers.get("cookie") ?? "");
}

/** What ended a designer session, told to the integrator's return URL as the original's hand-over tells its status. */
export type DesignerExit = "PACKAGE_SEND" | "DESIGNER_CLOSE";

/**
 * The return URL with what happened, as the original's hand-over adds its parameters: `package`
 * (the id) and `status`: PACKAGE_SEND when the sender sent it, DESIGNER_CLOSE when they left.
 */
export function designerReturnLink(returnUrl: string, packageId: string, status: DesignerExit): string {
  const url = new URL(returnUrl);
  url.searchParams.set("package", packageId);
  url.searchParams.set("status", status);
  return url.href;
}
