import { notaryJournalQuery, notaryJournalResponse } from "@/lib/api/notary";
import { ok } from "@/lib/api/openapi/operation";
import { parseWith } from "@/lib/api/parse";
import { listNotaryJournal, notaryJournalCsv } from "@/lib/esign/notary/notary-journal";
import { wantsCsv } from "@/lib/esign/reports/report-csv";
import { apiRoute } from "@/lib/http/api-handler";
import { json } from "@/lib/http/responses";

export const GET = apiRoute({
  params: ["userId"],
  tag: "Notary journal",
  summary: "A notary's journal: every notarized signing, one entry per signer and document",
  description: "The notary themself, or the owner of their account (that account's entries). `{results, count}` by sequence number, with `from`/`to` (1-based, inclusive) and `dir`; `Accept: text/csv` answers the CSV of …/journal/download.",
  permission: null,
  query: notaryJournalQuery,
  queryReadByHandler: true, // the CSV ignores it
  responses: { 200: ok(notaryJournalResponse) },
}, async ({ request, db, caller, params }) => {
  const url = new URL(request.url);
  const headers = { "cache-control": "private, no-store", vary: "Accept" };
  if (wantsCsv(request.headers.get("accept"))) {
    return new Response(await notaryJournalCsv(db, caller, params.userId), { status: 200, headers: { "content-type": "text/csv; charset=utf-8", "content-disposition": 'attachment; filename="notary-journal.csv"', ...headers } });
  }
  const query = parseWith(notaryJournalQuery, Object.fromEntries(url.searchParams), "query");
  return json(await listNotaryJournal(db, caller, params.userId, query), 200, headers);
});

export * from "@/lib/http/method-not-allowed";
