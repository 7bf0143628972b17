import type { CompletionReportResponse } from "@/lib/api/reports";
import { REPORT_STATUSES, type ReportStatus } from "@/lib/api/wire-values";

/** What the console's Reports page shows of a completion report: its filters in the address, and the chart's bars. */

const DAY_MS = 24 * 60 * 60 * 1000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export interface ReportPageFilters {
  from: string;
  to: string;
  senderId?: string;
  status?: ReportStatus;
}

/** `2026-03-31` of a moment, in UTC (the report reads dates as whole UTC days). */
export const utcDay = (moment: Date) => moment.toISOString().slice(0, 10);

/** The filters the address gives (`?from=&to=&sender=&status=`), the last 30 days by default; what does not read as a filter is left out. */
export function reportPageFilters(params: URLSearchParams, today: Date): ReportPageFilters {
  const to = DATE.test(params.get("to") ?? "") ? params.get("to")! : utcDay(today);
  const from = DATE.test(params.get("from") ?? "") ? params.get("from")! : utcDay(new Date(Date.parse(`${to}T00:00:00Z`) - 29 * DAY_MS));
  const status = params.get("status")?.toUpperCase();
  return {
    from,
    to,
    senderId: params.get("sender") || undefined,
    status: status && (REPORT_STATUSES as readonly string[]).includes(status) ? (status as ReportStatus) : undefined,
  };
}

/** The address of these filters (defaults included, so that a shared link shows the same days). */
export function reportPageQuery(filters: ReportPageFilters): string {
  const query = new URLSearchParams({ from: filters.from, to: filters.to });
  if (filters.senderId) query.set("sender", filters.senderId);
  if (filters.status) query.set("status", filters.status);
  return query.toString();
}

/** One bar per sender with packages: how many of theirs are in each status (the trash counted apart, whatever the status). */
export function senderStatusBars(report: CompletionReportResponse) {
  return report.senders
    .filter((entry) => entry.packages.length > 0)
    .map(({ sender, packages }) => {
      const counts: Record<string, number> = {};
      for (const pkg of packages) {
        const key = pkg.trashed ? "TRASHED" : pkg.status;
        counts[key] = (counts[key] ?? 0) + 1;
      }
      return { id: sender.id, label: sender.name || sender.email, counts };
    });
}
