import { z } from "zod";
import { pageFrom } from "./wire";
import { EMAIL_KINDS, EMAIL_STATUSES } from "@/lib/esign/outbox/email-kinds";

/** The wire contract of the e-mail outbox (our extension): every message the service sent or kept. */

/** `GET /api/account/outbox?from=&to=` (1-based, inclusive; newest first). */
export const outboxListQuery = z.object({
  from: pageFrom,
  to: z.coerce.number().int().min(1).optional(),
});
export type OutboxListQuery = z.infer<typeof outboxListQuery>;

export const outboxMessageResponse = z.object({
  id: z.string(),
  to: z.string().describe("The recipient's e-mail address"),
  subject: z.string(),
  body: z
    .string()
    .describe("The e-mail's text. Links and codes that only its recipient may use (signing, activation, password reset, one-time codes) are replaced by a note"),
  kind: z.enum(EMAIL_KINDS),
  /** Absent when the message is about no package (a sender invitation). */
  packageId: z.string().optional(),
  status: z.enum(EMAIL_STATUSES).describe("QUEUED, SENT (accepted by the SMTP server), KEPT (no SMTP server configured), BOUNCED or FAILED"),
  created: z.iso.datetime().describe("UTC, ISO 8601 with milliseconds, ending in Z"),
  sentAt: z.iso.datetime().optional().describe("When the SMTP server accepted it"),
  lastError: z.string().optional().describe("The SMTP server's last refusal: why it BOUNCED or FAILED, or why a QUEUED one is being retried"),
});
export type OutboxMessageResponse = z.infer<typeof outboxMessageResponse>;

export const outboxListResponse = z.object({ results: z.array(outboxMessageResponse), count: z.number().int() });
export type OutboxListResponse = z.infer<typeof outboxListResponse>;
