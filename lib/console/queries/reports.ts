"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiJson, apiRequest, withQuery } from "@/lib/console/api-client";

/** The account's reports (`/api/reports/…`, the original's): read only, asked again when the filters change. */

export interface ReportFilters {
  /** Dates as the date inputs give them (`2026-03-31`): whole days, in UTC. */
  from: string;
  to: string;
  senderId?: string;
  status?: string;
}

export const reportKeys = {
  all: ["reports"] as const,
  completion: (filters: ReportFilters) => ["reports", "completion", filters] as const,
  usage: (from: string, to: string) => ["reports", "usage", from, to] as const,
};

const completionPath = (filters: ReportFilters) => withQuery("/api/reports/completion", { ...filters });

export function useCompletionReport(filters: ReportFilters) {
  return useQuery({
    queryKey: reportKeys.completion(filters),
    queryFn: ({ signal }) => apiJson((c) => c.completionReportResponse, completionPath(filters), { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Every sender the caller may report on, with their counts: the sender filter's choices. */
export function useUsageReport(from: string, to: string) {
  return useQuery({
    queryKey: reportKeys.usage(from, to),
    queryFn: ({ signal }) => apiJson((c) => c.usageReportResponse, withQuery("/api/reports/usage", { from, to }), { signal }),
    placeholderData: keepPreviousData,
  });
}

/** The completion report of these filters as CSV (as the SDKs ask for it: `Accept: text/csv`). */
export async function completionReportCsv(filters: ReportFilters): Promise<Blob> {
  return (await apiRequest(completionPath(filters), { headers: { accept: "text/csv" } })).blob();
}
