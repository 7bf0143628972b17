import { wantsCsv } from "@/lib/esign/reports/report-csv";
import { contentDisposition, json } from "./responses";

/** A report as the caller's Accept asks: CSV (`text/csv`, as the SDKs ask it) or JSON. Never cached: it is the account's data of now. */
export function reportResponse<R>(request: Request, report: R, csv: (report: R) => string, fileName: string): Response {
  const headers = { "cache-control": "private, no-store", vary: "Accept" };
  if (!wantsCsv(request.headers.get("accept"))) return json(report, 200, headers);
  return new Response(csv(report), {
    status: 200,
    headers: { "content-type": "text/csv; charset=utf-8", "content-disposition": contentDisposition(fileName), ...headers },
  });
}
