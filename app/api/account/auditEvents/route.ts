import { auditEventListQuery, type AuditEventListResponse } from "@/lib/api/audit";
import { parseWith } from "@/lib/api/parse";
import { listAuditEvents } from "@/lib/esign/audit/list-audit-events";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";

/** Our extension: the account's audit trail, newest first, `from`/`to` 1-based and inclusive, `name` to filter. */
export const GET = apiRoute({ permission: PERMISSIONS.reports }, async ({ request, db, caller }) => {
  const query = parseWith(auditEventListQuery, Object.fromEntries(new URL(request.url).searchParams), "query");
  const body: AuditEventListResponse = await listAuditEvents(db, caller, query);
  return body;
});
