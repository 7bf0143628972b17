import { eq } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import { packages } from "@/lib/db/schema";
import { ceremonyHandover } from "@/lib/esign/account-settings/ceremony-handover";

/**
 * Where the embedded designer returns the sender when they send the package or leave: the
 * original's hand-over link (the package's `settings.ceremony.handOver.href`, else the account's
 * hand-over link for its language), an absolute http(s) URL; null when none is set (the designer
 * then stays on its own page). `undefined` when the package is missing or no longer a DRAFT.
 */
export async function designerReturnUrlOf(db: Queryable, packageId: string): Promise<string | null | undefined> {
  const [pkg] = await db
    .select({ accountId: packages.accountId, language: packages.language, settings: packages.settings, status: packages.status, trashed: packages.trashed })
    .from(packages)
    .where(eq(packages.id, packageId));
  if (!pkg || pkg.status !== "DRAFT" || pkg.trashed) return undefined;
  const handover = await ceremonyHandover(db, { accountId: pkg.accountId, language: pkg.language, settings: (pkg.settings ?? {}) as Record<string, unknown> });
  return handover ? webUrl(handover.href) : null;
}

/** An absolute http(s) URL, normalised; null for anything else. */
export function webUrl(href: string): string | null {
  try {
    const url = new URL(href);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}
