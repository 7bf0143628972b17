import { notaryJournalCsv } from "@/lib/esign/notary/notary-journal";
import { apiRoute } from "@/lib/http/api-handler";
import { download } from "@/lib/http/responses";

/** The SDK's getJournalEntriesAsCSV: a header row, then one row per journal entry. */
export const GET = apiRoute({
  params: ["userId"],
  tag: "Notary journal",
  summary: "A notary's journal as CSV: a header row, then one row per entry",
  permission: null,
  responses: { 200: { description: "The journal", contentType: "text/csv" } },
}, async ({ db, caller, params }) => download(await notaryJournalCsv(db, caller, params.userId), "notary-journal.csv", "text/csv; charset=utf-8", { "cache-control": "private, no-store" }));

export * from "@/lib/http/method-not-allowed";
