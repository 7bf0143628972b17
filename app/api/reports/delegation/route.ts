import { delegationReportQuery, delegationReportResponse } from "@/lib/api/reports";
import { parseWith } from "@/lib/api/parse";
import { ok } from "@/lib/api/openapi/operation";
import { delegationReport } from "@/lib/esign/reports/delegation-report";
import { delegationReportCsv } from "@/lib/esign/reports/report-csv";
import { apiRoute } from "@/lib/http/api-handler";
import { reportResponse } from "@/lib/http/report-response";

export const GET = apiRoute({
  tag: "Reports",
  summary: "Delegation report: each sender's delegation events (none: Signet has no sender delegation yet)",
  description:
    "The original's delegation report, by sender id. Signet has no sender delegation yet, so the report is always empty (`delegationEvents: {}`; CSV: its header row), after the same date and permission checks as the other reports.",
  permission: null,
  query: delegationReportQuery,
  responses: { 200: ok(delegationReportResponse, "The report (JSON), or CSV for Accept: text/csv") },
}, async ({ request, db, caller }) => {
  const query = parseWith(delegationReportQuery, Object.fromEntries(new URL(request.url).searchParams), "query");
  return reportResponse(request, await delegationReport(db, caller, query), delegationReportCsv, "delegation-report.csv");
});

export * from "@/lib/http/method-not-allowed";
