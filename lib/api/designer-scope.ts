/**
 * What an embedded designer session (`/auth?senderAuthenticationToken=…` for a draft) may call:
 * its one package and the few reads the builder needs. Pure, shared by the service (which refuses
 * its DESIGNER key anything else) and the console's proxy (which refuses it before forwarding).
 */

/**
 * API calls the builder makes beyond the package itself: reading who is signed in, the account's
 * settings that shape the builder (read only), and the account's senders' and groups' lists it
 * offers as recipients. Anything that changes the account, another package, a template, keys… is
 * refused.
 */
const READ_ONLY_SUPPORT = [/^\/api\/session$/, /^\/api\/account\/admin\/accountSettings(\/[^/]+)?$/, /^\/api\/account\/senders$/, /^\/api\/groups$/, /^\/api\/account\/customfields$/, /^\/api\/account\/verificationTypes$/, /^\/api\/layouts$/];

/**
 * Whether a designer session of `packageId` may call `method path` (path as written, query
 * included): everything under `/api/packages/{packageId}`, and a few reads the builder needs.
 * Encoded look-alikes (`%2F`, dot segments) are refused.
 */
export function designerMayCall(packageId: string, method: string, path: string): boolean {
  const pathname = path.split("?")[0];
  if (/%2f|%5c|\/\.\.?(\/|$)|\\/i.test(pathname)) return false;
  const own = `/api/packages/${encodeURIComponent(packageId)}`;
  if (pathname === own || pathname.startsWith(`${own}/`)) return true;
  return (method === "GET" || method === "HEAD") && READ_ONLY_SUPPORT.some((pattern) => pattern.test(pathname));
}
