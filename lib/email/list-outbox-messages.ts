import { count, desc, eq } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import { outboxMessages } from "@/lib/db/schema";
import type { OutboxListQuery, OutboxListResponse, OutboxMessageResponse } from "@/lib/api/outbox";
import { wireDate } from "@/lib/api/wire";
import type { Caller } from "@/lib/esign/accounts/caller";
import { pageWindow } from "@/lib/esign/listing";
import type { EmailKind, EmailStatus } from "@/lib/esign/outbox/email-kinds";
import { outboxBody } from "./outbox-body";

function toWireMessage(row: typeof outboxMessages.$inferSelect): OutboxMessageResponse {
  const message: OutboxMessageResponse = {
    id: row.id,
    to: row.to,
    subject: row.subject,
    body: outboxBody(row.kind, row.text),
    kind: row.kind as EmailKind,
    status: row.status as EmailStatus,
    created: wireDate(row.created),
  };
  if (row.packageId) message.packageId = row.packageId;
  if (row.sentAt) message.sentAt = wireDate(row.sentAt);
  if (row.lastError) message.lastError = row.lastError;
  return message;
}

/** `GET /api/account/outbox` (our extension): one page of the account's e-mails, newest first, and the total count. */
export async function listOutboxMessages(db: Queryable, caller: Caller, query: OutboxListQuery): Promise<OutboxListResponse> {
  const { offset, limit } = pageWindow(query.from, query.to);
  const where = eq(outboxMessages.accountId, caller.account.id);
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(outboxMessages).where(where).orderBy(desc(outboxMessages.created), desc(outboxMessages.id)).offset(offset).limit(limit),
    db.select({ total: count() }).from(outboxMessages).where(where),
  ]);
  return { results: rows.map(toWireMessage), count: total };
}
