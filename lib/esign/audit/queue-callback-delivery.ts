import { eq } from "drizzle-orm";
import type { Tx } from "@/lib/db/client";
import { callbackDeliveries, callbackRegistrations } from "@/lib/db/schema";
import { now } from "@/lib/esign/clock";
import { newId } from "@/lib/esign/ids";
import { enqueueJob } from "@/lib/jobs/enqueue";
import { DELIVER_CALLBACK_JOB } from "@/lib/jobs/names";

export interface DeliverableEvent {
  id: number;
  accountId: string;
  packageId: string | null;
  name: string;
}

/**
 * The transactional outbox of callbacks: when the account's registration subscribes to the
 * event, its delivery row and job are written in the transaction of the event itself (sending it
 * is the deliver-callback job of lib/callbacks). A test event (`evenIfNotSubscribed`) is
 * delivered whatever the registration subscribes to. Answers the delivery's id, or null when
 * nothing was queued.
 */
export async function queueCallbackDelivery(tx: Tx, event: DeliverableEvent, { evenIfNotSubscribed = false } = {}): Promise<string | null> {
  const [registration] = await tx
    .select({ url: callbackRegistrations.url, events: callbackRegistrations.events })
    .from(callbackRegistrations)
    .where(eq(callbackRegistrations.accountId, event.accountId));
  if (!registration || (!evenIfNotSubscribed && !registration.events.includes(event.name))) return null;
  const id = newId();
  const created = now();
  await tx.insert(callbackDeliveries).values({
    id,
    accountId: event.accountId,
    eventId: event.id,
    eventName: event.name,
    packageId: event.packageId,
    url: registration.url,
    status: "PENDING",
    nextAttemptAt: created,
    created,
  });
  await enqueueJob(tx, DELIVER_CALLBACK_JOB, { deliveryId: id });
  return id;
}
