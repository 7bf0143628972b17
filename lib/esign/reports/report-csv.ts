import type { CompletionReportResponse, DelegationReportResponse, UsageReportResponse } from "@/lib/api/reports";
import { USAGE_CATEGORIES, USAGE_KEYS } from "@/lib/api/reports";

/**
 * The reports as CSV (RFC 4180): every cell quoted, quotes doubled, CRLF between rows, a header
 * row first, one row per package (completion), per sender (usage) or per event (delegation). A
 * text cell a spreadsheet would run as a formula (starting with =, +, -, @, tab or CR) gets a
 * leading apostrophe, so that opening a report never runs what a sender typed in a package name.
 */

const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell, quoted; `text` marks free text that may start like a formula. */
export function csvCell(value: string | number | boolean, text = false): string {
  const raw = String(value);
  const safe = text && FORMULA_START.test(raw) ? `'${raw}` : raw;
  return `"${safe.replace(/"/g, '""')}"`;
}

export function csvRows(rows: (readonly string[])[]): string {
  return rows.map((row) => row.join(",")).join("\r\n") + "\r\n";
}

const header = (...names: string[]) => names.map((name) => csvCell(name));

export function completionReportCsv(report: CompletionReportResponse): string {
  const rows = [
    header("Sender ID", "Sender email", "Sender first name", "Sender last name", "Package ID", "Package name", "Status", "Trashed", "Created", "Updated", "Documents", "Documents completed", "Signers", "Signers completed"),
  ];
  for (const { sender, packages } of report.senders) {
    for (const pkg of packages) {
      rows.push([
        csvCell(sender.id),
        csvCell(sender.email, true),
        csvCell(sender.firstName, true),
        csvCell(sender.lastName, true),
        csvCell(pkg.id),
        csvCell(pkg.name, true),
        csvCell(pkg.status),
        csvCell(pkg.trashed),
        csvCell(pkg.created),
        csvCell(pkg.updated),
        csvCell(pkg.documents.length),
        csvCell(pkg.documents.filter((document) => document.completed).length),
        csvCell(pkg.signers.length),
        csvCell(pkg.signers.filter((signer) => signer.completed).length),
      ]);
    }
  }
  return csvRows(rows);
}

export function usageReportCsv(report: UsageReportResponse): string {
  const rows = [header("Sender ID", "Sender email", "Sender first name", "Sender last name", ...USAGE_CATEGORIES)];
  for (const { sender, packages } of report.senders) {
    rows.push([csvCell(sender.id), csvCell(sender.email, true), csvCell(sender.firstName, true), csvCell(sender.lastName, true), ...USAGE_KEYS.map((key) => csvCell(packages[key]))]);
  }
  return csvRows(rows);
}

export function delegationReportCsv(report: DelegationReportResponse): string {
  const rows = [header("Sender ID", "Event date", "Event type", "Event user", "Event description")];
  for (const [senderId, events] of Object.entries(report.delegationEvents)) {
    for (const event of events) {
      rows.push([csvCell(senderId), csvCell(event.eventDate), csvCell(event.eventType), csvCell(event.eventUser, true), csvCell(event.eventDescription, true)]);
    }
  }
  return csvRows(rows);
}

/**
 * Whether the caller asked for CSV: `text/csv` named in Accept with a quality above 0, and not
 * below application/json's (a tie goes to whichever comes first). Anything else gets JSON.
 */
export function wantsCsv(accept: string | null): boolean {
  if (!accept) return false;
  const ranked = accept.split(",").map((part, position) => {
    const [type, ...parameters] = part.trim().toLowerCase().split(";");
    const q = parameters.map((parameter) => /^\s*q\s*=\s*([\d.]+)\s*$/.exec(parameter)).find(Boolean);
    return { type: type.trim(), q: q ? Number(q[1]) : 1, position };
  });
  const csv = ranked.find((entry) => entry.type === "text/csv");
  if (!csv || !(csv.q > 0)) return false;
  const json = ranked.find((entry) => entry.type === "application/json");
  return !json || csv.q > json.q || (csv.q === json.q && csv.position < json.position);
}
