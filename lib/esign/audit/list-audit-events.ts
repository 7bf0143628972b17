import { and, count, desc, eq } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import { auditEvents } from "@/lib/db/schema";
import type { AuditEventListQuery, AuditEventListResponse, AuditEventResponse } from "@/lib/api/audit";
import { wireDate } from "@/lib/api/wire";
import type { Caller } from "@/lib/esign/accounts/caller";
import { badRequest } from "@/lib/esign/errors";
import { pageWindow } from "@/lib/esign/listing";
import { AUDIT_ONLY_EVENTS, SPEC_EVENTS } from "./record-event";

const EVENT_NAMES = new Set<string>([...SPEC_EVENTS, ...AUDIT_ONLY_EVENTS]);

function toWireEvent(row: typeof auditEvents.$inferSelect): AuditEventResponse {
  const event: AuditEventResponse = {
    name: row.name,
    sessionUser: row.sessionUser,
    message: row.message ?? "",
    ipAddress: row.ipAddress ?? "",
    createdDate: wireDate(row.created),
  };
  if (row.packageId) event.packageId = row.packageId;
  if (row.documentId) event.documentId = row.documentId;
  if (row.newRoleId) event.newRoleId = row.newRoleId;
  return event;
}

/**
 * `GET /api/account/auditEvents` (our extension): one page of the caller's account's audit trail,
 * account administration and package events alike, newest first, and the total count. A name
 * that is no event is a 400 (a typo would otherwise look like an empty trail).
 */
export async function listAuditEvents(db: Queryable, caller: Caller, query: AuditEventListQuery): Promise<AuditEventListResponse> {
  const { offset, limit } = pageWindow(query.from, query.to);
  if (query.name !== undefined && !EVENT_NAMES.has(query.name)) {
    throw badRequest("error.validation.unknownEventName", `There is no event named ${query.name}. Valid names: ${[...EVENT_NAMES].join(", ")}.`);
  }
  const where = and(eq(auditEvents.accountId, caller.account.id), query.name === undefined ? undefined : eq(auditEvents.name, query.name));
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(auditEvents).where(where).orderBy(desc(auditEvents.id)).offset(offset).limit(limit),
    db.select({ total: count() }).from(auditEvents).where(where),
  ]);
  return { results: rows.map(toWireEvent), count: total };
}
