import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { approvalSignatures, approvals, documents, packages, roles, roleSigningStates } from "@/lib/db/schema";
import type { PackageStatus } from "@/lib/api/packages";
import type { CompletionReportResponse, PackageCompletionReport, ReportStatus, SenderCompletionReport } from "@/lib/api/reports";
import { wireDate } from "@/lib/api/wire";
import type { Caller } from "@/lib/esign/accounts/caller";
import { badRequest } from "@/lib/esign/errors";
import { reportedPackages, reportOwner, reportRange, reportSenders, reportStatus } from "./report-scope";
import { appendTo } from "@/lib/collections";

/** The most packages one completion report lists: past it, the caller narrows the range, the status or the sender. */
export const MAX_COMPLETION_REPORT_PACKAGES = 5000;

export interface CompletionReportQuery {
  from?: string;
  to?: string;
  senderId?: string;
  status?: string;
  summary?: string;
}

function statusFilter(status: ReportStatus | undefined) {
  if (status === undefined) return undefined;
  // Trash is a flag, not a status (the original's TRASHED filter): a trashed package shows only there.
  if (status === "TRASHED") return eq(packages.trashed, true);
  return and(eq(packages.status, status), eq(packages.trashed, false));
}


/**
 * `GET /api/reports/completion`: each sender's packages of the range (last changed within it),
 * with how far each document and signer got. Per-document and per-signer figures are aggregated
 * in the database, for the listed packages only; one transaction reads one consistent picture.
 */
export async function completionReport(db: Db, caller: Caller, query: CompletionReportQuery): Promise<CompletionReportResponse> {
  const range = reportRange(query);
  const status = reportStatus(query.status);
  const summary = query.summary?.toLowerCase() === "true";
  return db.transaction(async (tx) => {
    const { ownerId } = await reportOwner(tx, caller, query.senderId);
    const where = and(reportedPackages(caller, ownerId, range), statusFilter(status));
    const rows = await tx
      .select({
        id: packages.id,
        ownerUserId: packages.ownerUserId,
        name: packages.name,
        status: packages.status,
        trashed: packages.trashed,
        created: packages.created,
        updated: packages.updated,
      })
      .from(packages)
      .where(where)
      .orderBy(asc(packages.updated), asc(packages.id))
      .limit(MAX_COMPLETION_REPORT_PACKAGES + 1);
    if (rows.length > MAX_COMPLETION_REPORT_PACKAGES) {
      throw badRequest(
        "error.validation.reportTooLarge",
        `The report would list more than ${MAX_COMPLETION_REPORT_PACKAGES} packages: ask for a shorter range, one status or one sender.`,
      );
    }
    const ids = rows.map((row) => row.id);
    // One after the other: a transaction is one connection, which runs one statement at a time
    // (pg queues a second one sent meanwhile, and pg@9 refuses it).
    const withFigures = !summary && ids.length > 0;
    const documentRows = withFigures ? await documentFigures(tx, ids) : [];
    const signerRows = withFigures ? await signerFigures(tx, ids) : [];

    const packagesById = new Map<string, PackageCompletionReport>();
    const bySender = new Map<string, PackageCompletionReport[]>(ownerId === null ? [] : [[ownerId, []]]);
    for (const row of rows) {
      const report: PackageCompletionReport = {
        id: row.id,
        name: row.name,
        status: row.status as PackageStatus,
        trashed: row.trashed,
        created: wireDate(row.created),
        updated: wireDate(row.updated),
        documents: [],
        signers: [],
      };
      packagesById.set(row.id, report);
      appendTo(bySender, row.ownerUserId, report);
    }
    for (const row of documentRows) {
      const report = packagesById.get(row.packageId)!;
      const document: PackageCompletionReport["documents"][number] = {
        id: row.id,
        name: row.name,
        completed: report.status === "COMPLETED" || (row.required > 0 && row.unsigned === 0),
      };
      if (row.firstSigned) document.firstSigned = wireDate(row.firstSigned);
      if (row.lastSigned) document.lastSigned = wireDate(row.lastSigned);
      report.documents.push(document);
    }
    for (const row of signerRows) {
      const signer: PackageCompletionReport["signers"][number] = {
        id: row.id,
        email: row.email ?? "",
        firstName: row.firstName ?? "",
        lastName: row.lastName ?? "",
        completed: row.completed === true,
      };
      if (row.firstSigned) signer.firstSigned = wireDate(row.firstSigned);
      if (row.lastSigned) signer.lastSigned = wireDate(row.lastSigned);
      packagesById.get(row.packageId)!.signers.push(signer);
    }

    const senders = await reportSenders(tx, caller, [...bySender.keys()]);
    const reports: SenderCompletionReport[] = [...bySender]
      .filter(([senderId]) => senders.has(senderId))
      .map(([senderId, list]) => ({ sender: senders.get(senderId)!, packages: list }))
      .sort((a, b) => a.sender.name.localeCompare(b.sender.name) || a.sender.id.localeCompare(b.sender.id));
    return { from: wireDate(range.from), to: wireDate(range.to), senders: reports };
  });
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** Each document of the packages with its required signatures, how many are still to do, and the first and last signing. */
function documentFigures(tx: Tx, packageIds: string[]) {
  const counted = sql`${approvals.optional} = false and ${approvals.disabled} = false`;
  const done = sql`coalesce(${approvals.signed}, ${approvals.accepted})`;
  return tx
    .select({
      packageId: documents.packageId,
      id: documents.id,
      name: documents.name,
      required: sql<number>`count(${approvals.id}) filter (where ${counted})::int`,
      unsigned: sql<number>`count(${approvals.id}) filter (where ${counted} and ${done} is null)::int`,
      firstSigned: sql<Date | null>`min(${done})`.mapWith(approvals.signed),
      lastSigned: sql<Date | null>`max(${done})`.mapWith(approvals.signed),
    })
    .from(documents)
    .leftJoin(approvals, and(eq(approvals.packageId, documents.packageId), eq(approvals.documentId, documents.id)))
    .where(sql`${documents.packageId} = any(${sql.param(packageIds)}::text[])`)
    .groupBy(documents.packageId, documents.id, documents.name, documents.position)
    .orderBy(documents.packageId, documents.position);
}

/** Each signing role of the packages: its signer, whether they finished, and their first and last signature. */
function signerFigures(tx: Tx, packageIds: string[]) {
  return tx
    .select({
      packageId: roles.packageId,
      id: roles.id,
      email: sql<string | null>`${roles.signer} ->> 'email'`,
      firstName: sql<string | null>`${roles.signer} ->> 'firstName'`,
      lastName: sql<string | null>`${roles.signer} ->> 'lastName'`,
      completed: sql<boolean>`bool_or(${roleSigningStates.completed} is not null)`,
      firstSigned: sql<Date | null>`min(${approvalSignatures.signedAt})`.mapWith(approvalSignatures.signedAt),
      lastSigned: sql<Date | null>`max(${approvalSignatures.signedAt})`.mapWith(approvalSignatures.signedAt),
    })
    .from(roles)
    .leftJoin(roleSigningStates, and(eq(roleSigningStates.packageId, roles.packageId), eq(roleSigningStates.roleId, roles.id)))
    .leftJoin(approvalSignatures, and(eq(approvalSignatures.packageId, roles.packageId), eq(approvalSignatures.roleId, roles.id)))
    .where(and(sql`${roles.packageId} = any(${sql.param(packageIds)}::text[])`, eq(roles.signs, true)))
    .groupBy(roles.packageId, roles.id, roles.signer, roles.position)
    .orderBy(roles.packageId, roles.position);
}
