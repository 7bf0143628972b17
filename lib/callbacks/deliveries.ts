import { and, asc, eq, ne, notInArray, or } from "drizzle-orm";
import type { Tx } from "@/lib/db/client";
import { callbackConnectors, callbackDeliveries, callbackRegistrations } from "@/lib/db/schema";
import { enqueueJob } from "@/lib/jobs/enqueue";
import { DELIVER_CALLBACK_JOB } from "@/lib/jobs/names";

/**
 * A delivery's destination: the account's main registration (`connector` empty) or one of its
 * connectors (`/api/callback/connectors/{name}`). Each destination keeps its own order of a
 * package's events, so a receiver that is down holds back only its own deliveries.
 */
export const MAIN_DESTINATION = "";

/** The destination's registration as it is now (url and events), or null when it has none. */
export async function readDestination(tx: Tx, accountId: string, connector: string): Promise<{ url: string; events: string[] } | null> {
  const [row] =
    connector === MAIN_DESTINATION
      ? await tx
          .select({ url: callbackRegistrations.url, events: callbackRegistrations.events })
          .from(callbackRegistrations)
          .where(eq(callbackRegistrations.accountId, accountId))
      : await tx
          .select({ url: callbackConnectors.url, events: callbackConnectors.events })
          .from(callbackConnectors)
          .where(and(eq(callbackConnectors.accountId, accountId), eq(callbackConnectors.name, connector)));
  return row ?? null;
}

/**
 * Queues a run for the first PENDING delivery of the package to the destination. Called in the
 * transaction that cancels deliveries of the package: the next one may have waited for one of
 * them. A spare run is harmless: the worker re-checks everything before it sends.
 */
export async function queueNextOfPackage(tx: Tx, accountId: string, packageId: string | null, connector: string): Promise<void> {
  if (!packageId) return;
  const [next] = await tx
    .select({ id: callbackDeliveries.id })
    .from(callbackDeliveries)
    .where(
      and(
        eq(callbackDeliveries.accountId, accountId),
        eq(callbackDeliveries.packageId, packageId),
        eq(callbackDeliveries.connector, connector),
        eq(callbackDeliveries.status, "PENDING"),
      ),
    )
    .orderBy(asc(callbackDeliveries.eventId), asc(callbackDeliveries.created))
    .limit(1);
  if (next) await enqueueJob(tx, DELIVER_CALLBACK_JOB, { deliveryId: next.id });
}

/**
 * Cancels the destination's pending deliveries that its new registration no longer wants: all of
 * them when it is removed (`registration` null), else those to another url or of an event it no
 * longer subscribes to. Runs in the transaction that changes the registration.
 */
export async function cancelPendingDeliveries(
  tx: Tx,
  accountId: string,
  registration: { url: string; events: string[] } | null,
  connector: string = MAIN_DESTINATION,
): Promise<void> {
  const unwanted = registration ? or(ne(callbackDeliveries.url, registration.url), notInArray(callbackDeliveries.eventName, registration.events)) : undefined;
  const what = connector === MAIN_DESTINATION ? "The callback registration" : `The callback connector ${connector}`;
  const cancelled = await tx
    .update(callbackDeliveries)
    .set({ status: "CANCELLED", leaseUntil: null, lastError: registration ? `${what} changed` : `${what} was removed` })
    .where(and(eq(callbackDeliveries.accountId, accountId), eq(callbackDeliveries.connector, connector), eq(callbackDeliveries.status, "PENDING"), unwanted))
    .returning({ packageId: callbackDeliveries.packageId });
  const packageIds = [...new Set(cancelled.map((row) => row.packageId))];
  for (const packageId of packageIds) await queueNextOfPackage(tx, accountId, packageId, connector);
}
