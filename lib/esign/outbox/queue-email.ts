import type { Tx } from "@/lib/db/client";
import { outboxMessages } from "@/lib/db/schema";
import { now } from "@/lib/esign/clock";
import { newId } from "@/lib/esign/ids";
import { enqueueJob } from "@/lib/jobs/enqueue";
import { SEND_EMAIL_JOB } from "@/lib/jobs/names";
import type { EmailKind } from "./email-kinds";
import type { EmailContent } from "./messages";

export interface OutgoingEmail extends EmailContent {
  /** Null for a message about no account yet (a sign-up's confirmation link): no account's outbox lists it. */
  accountId: string | null;
  /** The package the message is about, if any (its EMAIL_BOUNCE event goes to the package). */
  packageId?: string;
  kind: EmailKind;
  to: string;
}

/**
 * Records the message in the outbox and queues its delivery, both in the caller's transaction:
 * nothing is sent for a change that rolls back, and nothing committed is lost. The sending itself
 * is lib/email's send-email job.
 */
export async function queueEmail(tx: Tx, message: OutgoingEmail): Promise<string> {
  const id = newId();
  await tx.insert(outboxMessages).values({
    id,
    accountId: message.accountId,
    packageId: message.packageId ?? null,
    kind: message.kind,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    status: "QUEUED",
    created: now(),
  });
  await enqueueJob(tx, SEND_EMAIL_JOB, { messageId: id });
  return id;
}
