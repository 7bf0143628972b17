import { auditEventListQuery, auditEventListResponse, type AuditEventListResponse } from "@/lib/api/audit";
import { listAuditEvents } from "@/lib/esign/audit/list-audit-events";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { ok } from "@/lib/api/openapi/operation";

/** Our extension: the account's audit trail, newest first, `from`/`to` 1-based and inclusive, `name` to filter. */
export const GET = apiRoute({
  tag: "Audit trail",
  summary: "The account's audit trail, newest first (our extension)",
  description:
    "Account administration events (senders, roles, groups, sub accounts, callbacks, client apps, verification types) and package events of the caller's account. `name` filters by event name; an unknown name is a 400.",
  permission: PERMISSIONS.reports,
  query: auditEventListQuery,
  responses: { 200: ok(auditEventListResponse) },
}, async ({ db, caller, query }) => {
  const body: AuditEventListResponse = await listAuditEvents(db, caller, query);
  return body;
});

export * from "@/lib/http/method-not-allowed";
