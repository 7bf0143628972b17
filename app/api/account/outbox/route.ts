import { outboxListQuery, type OutboxListResponse } from "@/lib/api/outbox";
import { parseWith } from "@/lib/api/parse";
import { listOutboxMessages } from "@/lib/email/list-outbox-messages";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";

/** Our extension: the account's e-mails (sent or kept in the outbox), newest first, `from`/`to` 1-based and inclusive. */
export const GET = apiRoute({ permission: PERMISSIONS.reports }, async ({ request, db, caller }) => {
  const query = parseWith(outboxListQuery, Object.fromEntries(new URL(request.url).searchParams), "query");
  const body: OutboxListResponse = await listOutboxMessages(db, caller, query);
  return body;
});
