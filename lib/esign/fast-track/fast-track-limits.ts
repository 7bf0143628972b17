import { and, asc, count, eq, gt, lte, sql, type SQL } from "drizzle-orm";
import type { Tx } from "@/lib/db/client";
import { fastTrackStarts, outboxMessages, packages, users } from "@/lib/db/schema";
import { config } from "@/lib/config";
import { tooManyRequests, tryAgainInMinutes, type ServiceError } from "@/lib/esign/errors";
import { fastTrackLimitedEmail } from "@/lib/esign/outbox/messages";
import { queueEmail } from "@/lib/esign/outbox/queue-email";

/**
 * A fast track link makes packages, and so e-mails, in its account's name for anyone who holds
 * it. Packages it makes are counted per template (its two links together) and per client address
 * in the last hour, and per account in the last 24 hours; past any of the limits (settings) the
 * request is refused with 429 and Retry-After, and the template's owner is e-mailed once a day.
 */

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

type Template = typeof packages.$inferSelect;
export type FastTrackLimit = { limit: "link" | "address" | "account"; allowed: number; waitSeconds: number };

/**
 * Starts of one address, and of one account, are counted one transaction after the other
 * (transaction-scoped advisory locks), so parallel requests cannot all see room for one more.
 * The address's lock is always taken first: no two transactions wait on each other.
 */
async function lockCounters(tx: Tx, accountId: string, addressKey: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`fast-track-address:${addressKey}`}, 0))`);
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`fast-track-account:${accountId}`}, 0))`);
}

/** The limit when the starts in the window leave no room for one more: the wait is until enough of them (oldest first) leave it. */
async function limitOf(tx: Tx, limit: FastTrackLimit["limit"], which: SQL, allowed: number, windowMs: number, at: Date): Promise<FastTrackLimit | null> {
  const inWindow = and(which, gt(fastTrackStarts.created, new Date(at.getTime() - windowMs)));
  const [{ made }] = await tx.select({ made: count() }).from(fastTrackStarts).where(inWindow);
  if (made < allowed) return null;
  const [leaving] = await tx
    .select({ created: fastTrackStarts.created })
    .from(fastTrackStarts)
    .where(inWindow)
    .orderBy(asc(fastTrackStarts.created))
    .offset(made - allowed)
    .limit(1);
  return { limit, allowed, waitSeconds: Math.max(1, Math.ceil((leaving.created.getTime() + windowMs - at.getTime()) / 1000)) };
}

/**
 * The limit this start would pass (the one with the longest wait), or null when there is room; in
 * the caller's transaction, which records the start (`recordFastTrackStart`) when there is.
 */
export async function fastTrackLimitReached(tx: Tx, template: Template, addressKey: string, at: Date): Promise<FastTrackLimit | null> {
  await lockCounters(tx, template.accountId, addressKey);
  await tx.delete(fastTrackStarts).where(lte(fastTrackStarts.created, new Date(at.getTime() - DAY_MS)));
  const settings = config();
  const reached = [
    await limitOf(tx, "link", eq(fastTrackStarts.templateId, template.id), settings.fastTrackPerLinkPerHour, HOUR_MS, at),
    await limitOf(tx, "address", eq(fastTrackStarts.ipAddress, addressKey), settings.fastTrackPerAddressPerHour, HOUR_MS, at),
    await limitOf(tx, "account", eq(fastTrackStarts.accountId, template.accountId), settings.fastTrackPerAccountPerDay, DAY_MS, at),
  ].filter((limit) => limit !== null);
  return reached.sort((a, b) => b.waitSeconds - a.waitSeconds)[0] ?? null;
}

export async function recordFastTrackStart(tx: Tx, template: Template, addressKey: string, at: Date): Promise<void> {
  await tx.insert(fastTrackStarts).values({ accountId: template.accountId, templateId: template.id, ipAddress: addressKey, created: at });
}

export function fastTrackRefusal({ waitSeconds }: FastTrackLimit): ServiceError {
  return tooManyRequests("error.tooManyRequests.fastTrack", `This fast track link has made too many packages for now; ${tryAgainInMinutes(waitSeconds)}.`, waitSeconds);
}

/**
 * The template's owner learns that its links were refused: the first time in 24 hours (so an
 * attack makes one e-mail, not one per request), with which limit, how many packages the links
 * made meanwhile, and how to switch them off. The outbox itself remembers the last notice.
 */
export async function tellOwnerOfLimit(tx: Tx, template: Template, reached: FastTrackLimit, at: Date): Promise<void> {
  const [told] = await tx
    .select({ id: outboxMessages.id })
    .from(outboxMessages)
    .where(
      and(
        eq(outboxMessages.accountId, template.accountId),
        eq(outboxMessages.kind, "FAST_TRACK_LIMITED"),
        eq(outboxMessages.packageId, template.id),
        gt(outboxMessages.created, new Date(at.getTime() - DAY_MS)),
      ),
    )
    .limit(1);
  if (told) return;
  const [owner] = await tx.select().from(users).where(eq(users.id, template.ownerUserId));
  if (!owner || owner.status !== "ACTIVE") return;
  const [{ made }] = await tx
    .select({ made: count() })
    .from(fastTrackStarts)
    .where(and(eq(fastTrackStarts.templateId, template.id), gt(fastTrackStarts.created, new Date(at.getTime() - DAY_MS))));
  const content = fastTrackLimitedEmail(
    {
      ownerName: `${owner.firstName} ${owner.lastName}`.trim() || owner.email,
      templateName: template.name,
      limit: reached.limit,
      allowed: reached.allowed,
      count: made,
      templatesUrl: `${config().publicUrl}/templates`,
    },
    owner.language,
  );
  await queueEmail(tx, { ...content, accountId: template.accountId, packageId: template.id, kind: "FAST_TRACK_LIMITED", to: owner.email });
}
