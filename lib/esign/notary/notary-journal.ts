import { and, asc, desc, eq, type SQL } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import { notaryJournalEntries } from "@/lib/db/schema";
import type { NotaryJournalQuery, NotaryJournalResponse, WireNotaryJournalEntry } from "@/lib/api/notary";
import { wireDate } from "@/lib/api/wire";
import type { Caller } from "@/lib/esign/accounts/caller";
import { forbidden } from "@/lib/esign/errors";
import { csvCell, csvRows } from "@/lib/esign/reports/report-csv";
import { findSender, userNotFound } from "@/lib/esign/senders/sender-record";

/**
 * Who reads a notary's journal: the notary themself (every entry, in any account), or the owner
 * of an account they belong to (that account's entries). Anyone else: 403.
 */
async function journalScope(db: Queryable, caller: Caller, userId: string): Promise<SQL> {
  if (userId === caller.user.id) return eq(notaryJournalEntries.notaryUserId, userId);
  await findSender(db, caller, userId, { notFound: userNotFound });
  if (!caller.user.isAccountOwner) {
    throw forbidden("error.forbidden.notaryJournal", "Only the notary or the account owner may read a notary's journal.");
  }
  return and(eq(notaryJournalEntries.notaryUserId, userId), eq(notaryJournalEntries.accountId, caller.account.id))!;
}

function wireEntry(row: typeof notaryJournalEntries.$inferSelect): WireNotaryJournalEntry {
  return {
    sequenceNumber: row.sequenceNumber,
    creationDate: wireDate(row.created),
    documentType: row.documentType,
    documentName: row.documentName,
    signerName: row.signerName,
    signatureType: row.signatureType,
    idType: row.idType,
    idValue: row.idValue,
    jurisdiction: row.jurisdiction,
    comment: row.comment,
    packageId: row.packageId,
    packageName: row.packageName,
    documentId: row.documentId,
    signerEmail: row.signerEmail,
  };
}

/** `GET /api/user/{userId}/journal[?from=&to=&dir=]`: `{results, count}`, by sequence number; count is every entry. */
export async function listNotaryJournal(db: Queryable, caller: Caller, userId: string, query: NotaryJournalQuery = {}): Promise<NotaryJournalResponse> {
  const scope = await journalScope(db, caller, userId);
  const order = query.dir?.toUpperCase() === "DESC" ? desc(notaryJournalEntries.sequenceNumber) : asc(notaryJournalEntries.sequenceNumber);
  const rows = await db.select().from(notaryJournalEntries).where(scope).orderBy(order);
  const from = query.from ?? 1;
  const to = query.to ?? rows.length;
  return { results: rows.slice(from - 1, Math.max(from - 1, to)).map(wireEntry), count: rows.length };
}

/** `GET /api/user/{userId}/journal/download`: every entry as CSV, a header row then one row per entry (the SDK counts them so). */
export async function notaryJournalCsv(db: Queryable, caller: Caller, userId: string): Promise<string> {
  const { results } = await listNotaryJournal(db, caller, userId);
  const header = ["Sequence Number", "Date", "Document Type", "Document Name", "Signer Name", "Signature Type", "ID Type", "ID Value", "Jurisdiction", "Comment", "Package ID", "Package Name"];
  const rows = [header.map((name) => csvCell(name))];
  for (const entry of results) {
    rows.push([
      csvCell(entry.sequenceNumber),
      csvCell(entry.creationDate),
      csvCell(entry.documentType),
      csvCell(entry.documentName, true),
      csvCell(entry.signerName, true),
      csvCell(entry.signatureType),
      csvCell(entry.idType),
      csvCell(entry.idValue, true),
      csvCell(entry.jurisdiction, true),
      csvCell(entry.comment, true),
      csvCell(entry.packageId),
      csvCell(entry.packageName, true),
    ]);
  }
  return csvRows(rows);
}
