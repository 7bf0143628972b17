import { and, asc, eq, ne, notInArray, or } from "drizzle-orm";
import type { Tx } from "@/lib/db/client";
import { callbackDeliveries } from "@/lib/db/schema";
import { enqueueJob } from "@/lib/jobs/enqueue";
import { DELIVER_CALLBACK_JOB } from "@/lib/jobs/names";

/**
 * Queues a run for the first PENDING delivery of the package. Called in the transaction that
 * cancels deliveries of the package: the next one may have waited for one of them. A spare run is
 * harmless: the worker re-checks everything before it sends.
 */
export async function queueNextOfPackage(tx: Tx, accountId: string, packageId: string | null): Promise<void> {
  if (!packageId) return;
  const [next] = await tx
    .select({ id: callbackDeliveries.id })
    .from(callbackDeliveries)
    .where(and(eq(callbackDeliveries.accountId, accountId), eq(callbackDeliveries.packageId, packageId), eq(callbackDeliveries.status, "PENDING")))
    .orderBy(asc(callbackDeliveries.eventId), asc(callbackDeliveries.created))
    .limit(1);
  if (next) await enqueueJob(tx, DELIVER_CALLBACK_JOB, { deliveryId: next.id });
}

/**
 * Cancels the account's pending deliveries that the new registration no longer wants: all of them
 * when it is removed (`registration` null), else those to another url or of an event it no longer
 * subscribes to. Runs in the transaction that changes the registration.
 */
export async function cancelPendingDeliveries(tx: Tx, accountId: string, registration: { url: string; events: string[] } | null): Promise<void> {
  const unwanted = registration ? or(ne(callbackDeliveries.url, registration.url), notInArray(callbackDeliveries.eventName, registration.events)) : undefined;
  const cancelled = await tx
    .update(callbackDeliveries)
    .set({ status: "CANCELLED", leaseUntil: null, lastError: registration ? "The callback registration changed" : "The callback registration was removed" })
    .where(and(eq(callbackDeliveries.accountId, accountId), eq(callbackDeliveries.status, "PENDING"), unwanted))
    .returning({ packageId: callbackDeliveries.packageId });
  const packageIds = [...new Set(cancelled.map((row) => row.packageId))];
  for (const packageId of packageIds) await queueNextOfPackage(tx, accountId, packageId);
}
