import { sql, type SQL } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { packages } from "@/lib/db/schema";
import { USAGE_CATEGORIES, type SenderUsageReport, type UsageCategory, type UsageKey, type UsageReportResponse } from "@/lib/api/reports";
import { wireDate } from "@/lib/api/wire";
import type { Caller } from "@/lib/esign/accounts/caller";
import { accountSenderIds, reportedPackages, reportOwner, reportRange, reportSenders } from "./report-scope";

export interface UsageReportQuery {
  from?: string;
  to?: string;
  senderId?: string;
}

const notTrashed = sql`${packages.trashed} = false`;
const inStatus = (status: string) => sql`${packages.status} = ${status} and ${notTrashed}`;

/**
 * Which packages each category of the original's UsageReportCategory counts. ACTIVE: out for
 * signing now (SENT, not in the trash); SENT: ever sent, whatever became of them since; the
 * statuses: packages in that status, not in the trash; TRASHED: in the trash, whatever their status.
 */
const CATEGORY_FILTERS: Record<UsageCategory, SQL> = {
  ACTIVE: inStatus("SENT"),
  DRAFT: inStatus("DRAFT"),
  SENT: sql`${packages.sent} is not null`,
  COMPLETED: inStatus("COMPLETED"),
  ARCHIVED: inStatus("ARCHIVED"),
  DECLINED: inStatus("DECLINED"),
  OPTED_OUT: inStatus("OPTED_OUT"),
  EXPIRED: inStatus("EXPIRED"),
  TRASHED: sql`${packages.trashed} = true`,
};

const zeroCounts = () => Object.fromEntries(USAGE_CATEGORIES.map((category) => [category.toLowerCase(), 0])) as Record<UsageKey, number>;

/**
 * `GET /api/reports/usage`: for every sender of the account (or the caller alone, or the one
 * sender asked for), how many of their packages of the range fall in each category. Counted by
 * the database in one grouped scan of the range; senders without packages count zeros.
 */
export async function usageReport(db: Db, caller: Caller, query: UsageReportQuery): Promise<UsageReportResponse> {
  const range = reportRange(query);
  return db.transaction(async (tx) => {
    const { ownerId } = await reportOwner(tx, caller, query.senderId);
    const columns = Object.fromEntries(
      USAGE_CATEGORIES.map((category) => [category.toLowerCase(), sql<number>`count(*) filter (where ${CATEGORY_FILTERS[category]})::int`]),
    ) as Record<UsageKey, SQL<number>>;
    const rows = await tx
      .select({ ownerUserId: packages.ownerUserId, ...columns })
      .from(packages)
      .where(reportedPackages(caller, ownerId, range))
      .groupBy(packages.ownerUserId);
    const counts = new Map(rows.map(({ ownerUserId, ...figures }) => [ownerUserId, figures as Record<UsageKey, number>]));
    // Every member, then whoever else owns packages of the range (a sender deleted since).
    const ids = [...new Set([...(await accountSenderIds(tx, caller, ownerId)), ...counts.keys()])];
    const senders = await reportSenders(tx, caller, ids);
    const reports: SenderUsageReport[] = ids
      .filter((id) => senders.has(id))
      .map((id) => ({ sender: senders.get(id)!, packages: { ...zeroCounts(), ...counts.get(id) } }));
    return { from: wireDate(range.from), to: wireDate(range.to), senders: reports };
  });
}
