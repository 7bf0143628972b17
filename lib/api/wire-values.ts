/**
 * The wire contract's plain values: limits, enumerations and checks that need no zod. The schemas
 * beside this file use them, and so does the console's first paint, which does not load the
 * schemas (see lib/console/contracts.ts).
 */

export const PACKAGE_STATUSES = ["DRAFT", "SENT", "COMPLETED", "ARCHIVED", "DECLINED", "OPTED_OUT", "EXPIRED"] as const;
export type PackageStatus = (typeof PACKAGE_STATUSES)[number];

/** The longest reason a sender may give for cancelling a package's signing. */
export const CANCEL_REASON_MAX = 1000;

export const LIST_QUERIES = ["inbox", "sent", "drafts", "trashed"] as const;
export const LIST_SORTS = ["created", "updated", "name", "status", "due"] as const;

export const MAX_REMINDER_REPETITIONS = 5;
export const MAX_REMINDER_DAYS = 365;

export const GROUP_MEMBER_TYPES = ["REGULAR", "MANAGER"] as const;

/** The statuses a completion report filters by: the package statuses, and TRASHED (the trash flag). */
export const REPORT_STATUSES = [...PACKAGE_STATUSES, "TRASHED"] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** Abbreviations accepted beside region/city identifiers (OneSpan Sign's default is `GMT`). */
export const TIMEZONE_ABBREVIATIONS = [
  "GMT",
  "UTC",
  "EST",
  "EDT",
  "CST",
  "CDT",
  "MST",
  "MDT",
  "PST",
  "PDT",
  "AKST",
  "HST",
  "AST",
  "WET",
  "CET",
  "EET",
  "BST",
  "IST",
  "JST",
  "AEST",
] as const;

/** Hosts a page served over plain http may frame the ceremony from: the browser's own machine (development, tests). */
const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);
const HOST_NAME = /^(\[[0-9a-f:.]+\]|[a-z0-9-]+(\.[a-z0-9-]+)*)$/;

/** `value` as an origin (`https://host[:port]`, a trailing slash allowed), or null when it is not one. */
export function embeddingOrigin(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  const secure = url.protocol === "https:" || (url.protocol === "http:" && LOOPBACK_HOSTS.has(url.hostname));
  const bare = !url.username && !url.password && url.pathname === "/" && !url.search && !url.hash && !/[?#]$/.test(value);
  return secure && bare && HOST_NAME.test(url.hostname) ? url.origin : null;
}
