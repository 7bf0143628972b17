import { and, asc, eq, gte, isNotNull, lte } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { auditEvents, packages } from "@/lib/db/schema";
import type { DelegationReportResponse } from "@/lib/api/reports";
import { wireDate } from "@/lib/api/wire";
import type { Caller } from "@/lib/esign/accounts/caller";
import { usersById } from "@/lib/esign/audit/package-events";
import { inWords } from "@/lib/esign/audit/get-package-audit";
import { reportOwner, reportRange } from "./report-scope";

export interface DelegationReportQuery {
  from?: string;
  to?: string;
  senderId?: string;
}

/**
 * `GET /api/reports/delegation`: what delegates did on senders' behalf (audit events recorded
 * `onBehalfOf` a sender, lib/esign/senders/delegates.ts), by the id of the sender they acted for,
 * oldest first: when, what (the event in words), who (the delegate) and on which package. Within
 * the dates given, else the last 30 days; the whole account for whoever may read its reports,
 * else the caller's own delegations.
 */
export async function delegationReport(db: Db, caller: Caller, query: DelegationReportQuery): Promise<DelegationReportResponse> {
  const dated = Boolean(query.from || query.to);
  const range = reportRange(query);
  const { ownerId } = await reportOwner(db, caller, query.senderId);
  const rows = await db
    .select({ event: auditEvents, packageName: packages.name })
    .from(auditEvents)
    .leftJoin(packages, eq(packages.id, auditEvents.packageId))
    .where(
      and(
        eq(auditEvents.accountId, caller.account.id),
        ownerId === null ? isNotNull(auditEvents.onBehalfOf) : eq(auditEvents.onBehalfOf, ownerId),
        gte(auditEvents.created, range.from),
        lte(auditEvents.created, range.to),
      ),
    )
    .orderBy(asc(auditEvents.created), asc(auditEvents.id));
  const people = await usersById(db, rows.map(({ event }) => event.sessionUser));
  const delegationEvents: DelegationReportResponse["delegationEvents"] = {};
  for (const { event, packageName } of rows) {
    const delegate = people.get(event.sessionUser);
    const entry = {
      eventDate: wireDate(event.created),
      eventType: inWords(event.name),
      eventUser: delegate ? `${delegate.name} (${delegate.email})` : event.sessionUser,
      eventDescription: `${inWords(event.name)} on package "${packageName ?? event.packageId}"${event.message ? `: ${event.message}` : ""}`,
    };
    (delegationEvents[event.onBehalfOf!] ??= []).push(entry);
  }
  return dated ? { from: wireDate(range.from), to: wireDate(range.to), delegationEvents } : { delegationEvents };
}
