import { eq, sql } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
import type { Tx } from "@/lib/db/client";
import { callbackConnectors, callbackDeliveries, callbackRegistrations } from "@/lib/db/schema";
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
 * The transactional outbox of callbacks: for the account's registration and each of its
 * connectors that subscribes to the event, a delivery row and its job are written in the
 * transaction of the event itself (sending them is the deliver-callback job of lib/callbacks). A
 * test event (`testOf`: the main registration "" or a connector's name) goes to that destination
 * only, whatever it subscribes to. Answers the id of the main registration's delivery (a test's:
 * its own), or null when it queued none.
 */
export async function queueCallbackDelivery(tx: Tx, event: DeliverableEvent, { testOf }: { testOf?: string } = {}): Promise<string | null> {
  // One round trip for every destination: this runs in the transaction of every audit event.
  const destinations = await unionAll(
    tx
      .select({ connector: sql<string>`''`.as("connector"), url: callbackRegistrations.url, events: callbackRegistrations.events })
      .from(callbackRegistrations)
      .where(eq(callbackRegistrations.accountId, event.accountId)),
    tx
      .select({ connector: callbackConnectors.name, url: callbackConnectors.url, events: callbackConnectors.events })
      .from(callbackConnectors)
      .where(eq(callbackConnectors.accountId, event.accountId)),
  );
  const wanted = destinations.filter((destination) => (testOf === undefined ? destination.events.includes(event.name) : destination.connector === testOf));
  if (wanted.length === 0) return null;
  const created = now();
  const rows = wanted.map((destination) => ({
    id: newId(),
    accountId: event.accountId,
    eventId: event.id,
    eventName: event.name,
    packageId: event.packageId,
    connector: destination.connector,
    url: destination.url,
    status: "PENDING",
    nextAttemptAt: created,
    created,
  }));
  await tx.insert(callbackDeliveries).values(rows);
  for (const row of rows) await enqueueJob(tx, DELIVER_CALLBACK_JOB, { deliveryId: row.id });
  return rows.find((row) => row.connector === (testOf ?? ""))?.id ?? null;
}
