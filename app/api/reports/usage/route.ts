import { usageReportQuery, usageReportResponse } from "@/lib/api/reports";
import { ok } from "@/lib/api/openapi/operation";
import { usageReportCsv } from "@/lib/esign/reports/report-csv";
import { usageReport } from "@/lib/esign/reports/usage-report";
import { apiRoute } from "@/lib/http/api-handler";
import { reportResponse } from "@/lib/http/report-response";

export const GET = apiRoute({
  tag: "Reports",
  summary: "Usage report: each sender's packages of a date range, counted by category",
  description:
    "For every sender (whoever holds reports.view; anyone else: themselves), their packages last changed between `from` and `to` (at most 366 days; without dates, the last 30) counted as the original's UsageReportCategory: active (out for signing), draft, sent (ever sent), completed, archived, declined, opted_out, expired (each: in that status, not in the trash) and trashed. `Accept: text/csv` answers CSV, one row per sender.",
  permission: null,
  query: usageReportQuery,
  responses: { 200: ok(usageReportResponse, "The report (JSON), or CSV for Accept: text/csv") },
}, async ({ request, db, caller, query }) => {
  return reportResponse(request, await usageReport(db, caller, query), usageReportCsv);
});

export * from "@/lib/http/method-not-allowed";
