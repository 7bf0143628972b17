import { outboxListQuery, outboxListResponse, type OutboxListResponse } from "@/lib/api/outbox";
import { listOutboxMessages } from "@/lib/email/list-outbox-messages";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { ok } from "@/lib/api/openapi/operation";

/** Our extension: the account's e-mails (sent or kept in the outbox), newest first, `from`/`to` 1-based and inclusive. */
export const GET = apiRoute({
  tag: "E-mail outbox",
  summary: "The account's e-mails, newest first (our extension)",
  description:
    "Every e-mail the service sent or kept for the caller's account (invitations, reminders, codes, notifications), with its delivery status. Without SMTP_URL the messages stay here (KEPT) instead of being sent.",
  permission: PERMISSIONS.reports,
  query: outboxListQuery,
  responses: { 200: ok(outboxListResponse) },
}, async ({ db, caller, query }) => {
  const body: OutboxListResponse = await listOutboxMessages(db, caller, query);
  return body;
});

export * from "@/lib/http/method-not-allowed";
