import { wantsCsv } from "@/lib/esign/reports/report-csv";
import { json } from "./responses";

/**
 * A report as the caller's Accept asks: CSV (`text/csv`, as the SDKs ask it) or JSON. Never cached:
 * it is the account's data of now. The CSV carries no Content-Disposition: the Java SDK's RestClient
 * turns any answer with one into a downloaded file, which its report methods (they read a String)
 * cannot take (DownloadReportExample failed so). The console names the file it saves itself.
 */
export function reportResponse<R>(request: Request, report: R, csv: (report: R) => string): Response {
  const headers = { "cache-control": "private, no-store", vary: "Accept" };
  if (!wantsCsv(request.headers.get("accept"))) return json(report, 200, headers);
  return new Response(csv(report), { status: 200, headers: { "content-type": "text/csv; charset=utf-8", ...headers } });
}
