import { and, eq, gte, lte, ne, sql, type SQL } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import { accountMemberships, packages, users } from "@/lib/db/schema";
import { REPORT_STATUSES, type ReportStatus } from "@/lib/api/reports";
import type { WireSender } from "@/lib/api/senders";
import type { Caller } from "@/lib/esign/accounts/caller";
import { now } from "@/lib/esign/clock";
import { badRequest, forbidden } from "@/lib/esign/errors";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { findSender, wireSender } from "@/lib/esign/senders/sender-record";

/** What every report shares: its date range, whose packages it reads, and the senders on the wire. */

const DAY_MS = 24 * 60 * 60 * 1000;
/** A report without dates covers the last 30 days. */
export const DEFAULT_REPORT_DAYS = 30;
/** The longest range one report covers: a year and a day, so that a report stays one bounded index range. */
export const MAX_REPORT_DAYS = 366;

export interface ReportRange {
  from: Date;
  to: Date;
}

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2}))?$/;

/** Whether the text's calendar date and time of day exist (Date rolls 2026-02-30 over to March). */
function existing(match: RegExpExecArray): boolean {
  const [year, month, day, hours = 0, minutes = 0, seconds = 0] = match.slice(1, 7).map((part) => (part === undefined ? undefined : Number(part))) as number[];
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth && hours < 24 && minutes < 60 && seconds < 60;
}

/**
 * A report's `from` or `to`: the SDKs' `yyyy-MM-dd'T'HH:mm:ss'Z'`, any ISO 8601 date-time with an
 * offset, or a date (`from` its first millisecond, `to` its last, in UTC). Anything else is a 400
 * that names the parameter and the form it takes.
 */
export function parseReportDate(name: "from" | "to", value: string): Date {
  const text = value.trim();
  const match = DATE_TIME.exec(text);
  const parsed = !match || !existing(match) ? null : match[4] === undefined ? new Date(`${text}T${name === "from" ? "00:00:00.000" : "23:59:59.999"}Z`) : new Date(text);
  if (!parsed || Number.isNaN(parsed.getTime())) {
    throw badRequest(
      "error.validation.reportDate",
      `Invalid ${name} date "${value.slice(0, 40)}": give a UTC date and time such as 2026-01-31T12:30:00Z, or a date such as 2026-01-31.`,
    );
  }
  return parsed;
}

/** The range a report covers: both ends given, one (the other 30 days away), or none (the last 30 days). */
export function reportRange(query: { from?: string; to?: string }): ReportRange {
  const to = query.to !== undefined && query.to !== "" ? parseReportDate("to", query.to) : null;
  const from = query.from !== undefined && query.from !== "" ? parseReportDate("from", query.from) : null;
  const end = to ?? (from ? new Date(from.getTime() + DEFAULT_REPORT_DAYS * DAY_MS) : now());
  const start = from ?? new Date(end.getTime() - DEFAULT_REPORT_DAYS * DAY_MS);
  if (start.getTime() > end.getTime()) {
    throw badRequest("error.validation.reportRange", "The report's from date is after its to date.");
  }
  if (end.getTime() - start.getTime() > MAX_REPORT_DAYS * DAY_MS) {
    throw badRequest("error.validation.reportRange", `A report covers at most ${MAX_REPORT_DAYS} days: ask for a shorter range, or for several.`);
  }
  return { from: start, to: end };
}

/** The completion report's `status`: a package status, or TRASHED; absent or empty, every one. */
export function reportStatus(value: string | undefined): ReportStatus | undefined {
  if (value === undefined || value === "") return undefined;
  const status = value.trim().toUpperCase();
  if (!(REPORT_STATUSES as readonly string[]).includes(status)) {
    throw badRequest("error.validation.reportStatus", `Invalid status "${value.slice(0, 40)}": one of ${REPORT_STATUSES.join(", ")}.`);
  }
  return status as ReportStatus;
}

/**
 * Whose packages the caller's report reads. Whoever may see the account's reports (its owner,
 * managers: `reports.view`) reads every sender, or the one `senderId` names (404 for someone not
 * of the account); anyone else reads only their own, and naming another sender is a 403.
 * `ownerId` null: the whole account.
 */
export async function reportOwner(db: Queryable, caller: Caller, senderId: string | undefined): Promise<{ ownerId: string | null }> {
  const requested = senderId?.trim() || undefined;
  if (caller.permissions.has(PERMISSIONS.reports)) {
    if (requested === undefined) return { ownerId: null };
    await findSender(db, caller, requested);
    return { ownerId: requested };
  }
  if (requested !== undefined && requested !== caller.user.id) {
    throw forbidden("error.forbidden.noPermission", `Reading another sender's report needs the permission ${PERMISSIONS.reports}.`);
  }
  return { ownerId: caller.user.id };
}

/**
 * The packages a report counts: the account's (or one sender's) transactions, never templates,
 * layouts or deleted ones, last changed within the range. These are the leading columns of the
 * packages' listing indexes, so a report reads one index range however big the account is.
 */
export function reportedPackages(caller: Caller, ownerId: string | null, range: ReportRange): SQL {
  return and(
    eq(packages.accountId, caller.account.id),
    ownerId === null ? undefined : eq(packages.ownerUserId, ownerId),
    eq(packages.type, "PACKAGE"),
    ne(packages.status, "DELETED"),
    gte(packages.updated, range.from),
    lte(packages.updated, range.to),
  )!;
}

/** The senders `ids` as the wire's Sender (their status in the caller's account), by id. */
export async function reportSenders(db: Queryable, caller: Caller, ids: string[]): Promise<Map<string, WireSender>> {
  const result = new Map<string, WireSender>();
  if (ids.length === 0) return result;
  const rows = await db
    .select({ user: users, locked: sql<boolean>`coalesce(${accountMemberships.locked}, false)` })
    .from(users)
    .leftJoin(accountMemberships, and(eq(accountMemberships.userId, users.id), eq(accountMemberships.accountId, caller.account.id)))
    .where(sql`${users.id} = any(${sql.param(ids)}::text[])`);
  for (const row of rows) result.set(row.user.id, wireSender(row, []));
  return result;
}

/** The members of the caller's account (or the one sender), for a report that lists every sender. */
export async function accountSenderIds(db: Queryable, caller: Caller, ownerId: string | null): Promise<string[]> {
  if (ownerId !== null) return [ownerId];
  const rows = await db
    .select({ id: accountMemberships.userId })
    .from(accountMemberships)
    .innerJoin(users, eq(users.id, accountMemberships.userId))
    .where(eq(accountMemberships.accountId, caller.account.id))
    .orderBy(users.lastName, users.firstName, users.id);
  return rows.map((row) => row.id);
}
