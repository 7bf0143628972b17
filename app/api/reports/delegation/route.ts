import { delegationReportQuery, delegationReportResponse } from "@/lib/api/reports";
import { ok } from "@/lib/api/openapi/operation";
import { delegationReport } from "@/lib/esign/reports/delegation-report";
import { delegationReportCsv } from "@/lib/esign/reports/report-csv";
import { apiRoute } from "@/lib/http/api-handler";
import { reportResponse } from "@/lib/http/report-response";

export const GET = apiRoute({
  tag: "Reports",
  summary: "Delegation report: what delegates did on each sender's behalf",
  description:
    "The original's delegation report, by the id of the sender delegates acted for: each action recorded on a sender's behalf (`eventDate`, `eventType`, `eventUser` the delegate, `eventDescription`), oldest first, within the dates (default: the last 30 days). The whole account needs reports.view; anyone else reads their own.",
  permission: null,
  query: delegationReportQuery,
  responses: { 200: ok(delegationReportResponse, "The report (JSON), or CSV for Accept: text/csv") },
}, async ({ request, db, caller, query }) => {
  return reportResponse(request, await delegationReport(db, caller, query), delegationReportCsv);
});

export * from "@/lib/http/method-not-allowed";
