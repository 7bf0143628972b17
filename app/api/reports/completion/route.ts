import { completionReportQuery, completionReportResponse } from "@/lib/api/reports";
import { ok } from "@/lib/api/openapi/operation";
import { completionReport } from "@/lib/esign/reports/completion-report";
import { completionReportCsv } from "@/lib/esign/reports/report-csv";
import { apiRoute } from "@/lib/http/api-handler";
import { reportResponse } from "@/lib/http/report-response";

export const GET = apiRoute({
  tag: "Reports",
  summary: "Completion report: each sender's packages of a date range, with their documents and signers",
  description:
    "Packages last changed between `from` and `to` (at most 366 days; without dates, the last 30), optionally of one `status` (TRASHED: the trash) and one sender. Whoever holds reports.view reads every sender of the account; anyone else reads only their own. `Accept: text/csv` answers CSV, one row per package.",
  permission: null,
  query: completionReportQuery,
  responses: { 200: ok(completionReportResponse, "The report (JSON), or CSV for Accept: text/csv") },
}, async ({ request, db, caller, query }) => {
  return reportResponse(request, await completionReport(db, caller, query), completionReportCsv);
});

export * from "@/lib/http/method-not-allowed";
