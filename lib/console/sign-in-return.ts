/**
 * Where signing in again leads: back to the console page the user was on. Only paths inside the
 * console are followed, so a sign-in link cannot send anyone elsewhere.
 */

export const HOME_PATH = "/packages";

/** The request header in which `proxy.ts` hands the console layout the path being opened. */
export const CONSOLE_PATH_HEADER = "x-console-path";

/** The console's own areas: the only places a sign-in link may lead back to. */
const CONSOLE_AREAS = ["/packages", "/templates", "/account"];
const PARSING_BASE = "http://console.invalid";

/**
 * `value` if it is a page of the console's areas, else the inbox. It is parsed as a browser would
 * (which drops tabs and newlines and reads `\` as `/`, so `/\t/evil.example` is another site) and
 * must stay on this site, written exactly as parsed: anything a browser might read differently is
 * refused.
 */
export function consolePath(value: unknown): string {
  if (typeof value !== "string" || !value.startsWith("/")) return HOME_PATH;
  let url: URL;
  try {
    url = new URL(value, PARSING_BASE);
  } catch {
    return HOME_PATH;
  }
  const path = `${url.pathname}${url.search}`;
  if (url.origin !== PARSING_BASE || path !== value) return HOME_PATH;
  return CONSOLE_AREAS.some((area) => url.pathname === area || url.pathname.startsWith(`${area}/`)) ? path : HOME_PATH;
}

/** The sign-in page after a session ended, leading back to `returnTo`. */
export function signInAgainPath(returnTo: string): string {
  return `/signin?${new URLSearchParams({ reason: "expired", next: consolePath(returnTo) })}`;
}

/**
 * The path (with query) of a `Referer` on this site (`host`: the request's Host header, the name the
 * browser used, which the server's own idea of its URL need not match), else the inbox.
 */
export function refererPath(referer: string | null, host: string | null): string {
  if (!referer || !host) return HOME_PATH;
  try {
    const url = new URL(referer);
    return url.host === host ? `${url.pathname}${url.search}` : HOME_PATH;
  } catch {
    return HOME_PATH;
  }
}
