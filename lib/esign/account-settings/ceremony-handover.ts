import type { Queryable } from "@/lib/db/client";
import { ceremonySettingsOf } from "@/lib/api/package-settings";
import { readHandover } from "./account-config";

export interface CeremonyHandover {
  href: string;
  text: string;
  title: string;
}

/** Only http(s) links are offered to a signer (a stored "javascript:" or bare word is not a place to go). */
function isWebLink(href: unknown): href is string {
  return typeof href === "string" && /^https?:\/\/[^\s]+$/i.test(href);
}

/**
 * Where the ceremony leads a signer who finished: the package's own `settings.ceremony.handOver`,
 * else the account's hand-over link for the package's language; null when neither is set.
 */
export async function ceremonyHandover(db: Queryable, pkg: { accountId: string; language: string; settings: Record<string, unknown> }): Promise<CeremonyHandover | null> {
  const own = ceremonySettingsOf(pkg.settings).handOver as Partial<CeremonyHandover> | undefined;
  if (own && isWebLink(own.href)) return { href: own.href, text: own.text ?? "", title: own.title ?? "" };
  const account = await readHandover(db, pkg.accountId, pkg.language.toLowerCase());
  return isWebLink(account.href) ? { href: account.href, text: account.text, title: account.title } : null;
}
