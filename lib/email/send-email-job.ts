import { and, eq, sql } from "drizzle-orm";
import { config } from "@/lib/config";
import { getDb } from "@/lib/db/client";
import { outboxMessages } from "@/lib/db/schema";
import { recordEvent } from "@/lib/esign/audit/record-event";
import { now } from "@/lib/esign/clock";
import { SEND_EMAIL_JOB } from "@/lib/jobs/names";
import { defineJob, type JobAttempt } from "@/lib/jobs/registry";
import type { EmailStatus } from "@/lib/esign/outbox/email-kinds";
import { isPermanentSmtpFailure, sendSmtp, smtpErrorText } from "./smtp";

type OutboxMessage = typeof outboxMessages.$inferSelect;

/** Moves a QUEUED message to its final status; with an EMAIL_BOUNCE event for BOUNCED and FAILED when it has an account. */
async function finish(message: OutboxMessage, status: Exclude<EmailStatus, "QUEUED">, lastError: string | null): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const changed = await tx
      .update(outboxMessages)
      .set({ status, lastError, attempts: sql`${outboxMessages.attempts} + 1`, sentAt: status === "SENT" ? now() : null })
      .where(and(eq(outboxMessages.id, message.id), eq(outboxMessages.status, "QUEUED")))
      .returning({ id: outboxMessages.id });
    if (changed.length === 0 || (status !== "BOUNCED" && status !== "FAILED")) return;
    // A sign-up's confirmation has no account whose audit trail could hold its bounce.
    if (!message.accountId) return;
    await recordEvent(tx, {
      accountId: message.accountId,
      packageId: message.packageId,
      name: "EMAIL_BOUNCE",
      sessionUser: message.to,
      message: status === "BOUNCED" ? "BOUNCE" : "UNKNOWN",
    });
  });
}

/**
 * Delivers one outbox message. Idempotent: a message that left QUEUED is not touched again. A
 * temporary failure throws, so that pg-boss retries with backoff; the last attempt records it.
 */
export async function sendQueuedEmail(messageId: string, attempt: JobAttempt): Promise<void> {
  const db = await getDb();
  const [message] = await db.select().from(outboxMessages).where(eq(outboxMessages.id, messageId));
  if (!message || message.status !== "QUEUED") return;

  const { smtpUrl, mailFrom } = config();
  if (!smtpUrl) return finish(message, "KEPT", null);
  try {
    await sendSmtp(smtpUrl, { from: mailFrom, to: message.to, subject: message.subject, text: message.text, html: message.html, messageId: message.id });
  } catch (error) {
    const reason = smtpErrorText(error);
    if (isPermanentSmtpFailure(error)) return finish(message, "BOUNCED", reason);
    if (attempt.isLastAttempt) return finish(message, "FAILED", reason);
    await db
      .update(outboxMessages)
      .set({ attempts: sql`${outboxMessages.attempts} + 1`, lastError: reason })
      .where(eq(outboxMessages.id, message.id));
    throw error;
  }
  await finish(message, "SENT", null);
}

export const sendEmailJob = defineJob<{ messageId: string }>({
  name: SEND_EMAIL_JOB,
  batchSize: 5,
  handle: (data, attempt) => sendQueuedEmail(data.messageId, attempt),
});
