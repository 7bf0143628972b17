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
 * API calls the builder makes beyond the package itself: reading who is signed in, the account's
 * settings that shape the builder (read only), and the account's senders' and groups' lists it
 * offers as recipients. Anything that changes the account, another package, a template, keys… is
 * refused.
 */
const READ_ONLY_SUPPORT = [/^\/api\/session$/, /^\/api\/account\/admin\/accountSettings(\/[^/]+)?$/, /^\/api\/account\/senders$/, /^\/api\/groups$/, /^\/api\/account\/customfields$/, /^\/api\/account\/verificationTypes$/, /^\/api\/layouts$/];

/**
 * Whether the console's proxy forwards `method path` (path as the browser wrote it, query
 * included) for a designer session of `packageId`: everything under `/api/packages/{packageId}`,
 * and a few reads the builder needs. Encoded look-alikes (`%2F`, dot segments) are refused.
 */
export function designerMayCall(packageId: string, method: string, path: string): boolean {
  const pathname = path.split("?")[0];
  if (/%2f|%5c|\/\.\.?(\/|$)|\\/i.test(pathname)) return false;
  const own = `/api/packages/${encodeURIComponent(packageId)}`;
  if (pathname === own || pathname.startsWith(`${own}/`)) return true;
  return (method === "GET" || method === "HEAD") && READ_ONLY_SUPPORT.some((pattern) => pattern.test(pathname));
}

/** The console's page areas (app/(console)), and its home page, which a designer session may not open. */
export function isConsolePage(pathname: string): boolean {
  return pathname === "/" || ["/packages", "/templates", "/account"].some((area) => pathname === area || pathname.startsWith(`${area}/`));
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
