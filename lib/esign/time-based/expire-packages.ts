import { and, asc, eq, isNotNull, lte } from "drizzle-orm";
import { getDb, type Queryable } from "@/lib/db/client";
import { packages } from "@/lib/db/schema";
import { expiredEmail } from "@/lib/esign/outbox/messages";
import { queueEmail } from "@/lib/esign/outbox/queue-email";
import { recordEvent } from "@/lib/esign/audit/record-event";
import { findPackageSender, senderName } from "@/lib/esign/packages/package-content";
import { clearPendingReminders } from "@/lib/esign/reminders/plan-reminders";
import { inScope, type SweepScope } from "./sweep-scope";

/**
 * Expires one SENT package whose `due` has passed at `at`, in one transaction: claims it (FOR
 * UPDATE SKIP LOCKED: another instance, or a user changing it, skips it until the next sweep),
 * sets it EXPIRED, records PACKAGE_EXPIRE, clears its pending reminders and e-mails its sender.
 * A trashed package expires too (trash is a flag beside the status). Answers the package, or null.
 */
export async function expireOnePackage(at: Date, scope: SweepScope = {}): Promise<string | null> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [pkg] = await expiryClaim(tx, at, scope);
    if (!pkg) return null;

    await tx.update(packages).set({ status: "EXPIRED", updated: at }).where(eq(packages.id, pkg.id));
    await recordEvent(tx, { accountId: pkg.accountId, packageId: pkg.id, name: "PACKAGE_EXPIRE", sessionUser: pkg.ownerUserId });
    await clearPendingReminders(tx, pkg.id);

    const owner = await findPackageSender(tx, pkg.ownerUserId);
    if (owner) {
      const content = expiredEmail({ senderName: senderName(owner), packageName: pkg.name, expiredAt: pkg.due! }, owner.language || pkg.language);
      await queueEmail(tx, { ...content, accountId: pkg.accountId, packageId: pkg.id, kind: "EXPIRED", to: owner.email });
    }
    return pkg.id;
  });
}

/** The claim of the SENT package longest past its due date, from the expiry index (packages_sweep_expiry_idx). */
export function expiryClaim(q: Queryable, at: Date, scope: SweepScope = {}) {
  return q
    .select()
    .from(packages)
    .where(and(eq(packages.status, "SENT"), isNotNull(packages.due), lte(packages.due, at), inScope(scope)))
    .orderBy(asc(packages.due))
    .limit(1)
    .for("update", { skipLocked: true });
}

/** Expires every SENT package past its due date; answers how many. */
export async function expireDuePackages(at: Date, scope: SweepScope = {}): Promise<number> {
  let expired = 0;
  while (await expireOnePackage(at, scope)) expired++;
  return expired;
}
