import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { callbackDeliveries } from "@/lib/db/schema";
import type { SweepScope } from "@/lib/esign/time-based/sweep-scope";
import { enqueueJob } from "@/lib/jobs/enqueue";
import { DELIVER_CALLBACK_JOB } from "@/lib/jobs/names";

/**
 * Queues a run for every delivery that may have lost its own: the first PENDING delivery of each
 * package to each destination (the later ones are queued by its end) and each PENDING one without a package, due at
 * least `graceMs` before `at`. A run is lost when an instance dies holding it (its lease then
 * delays the new run) or when the job queue gave up on it (database down for its whole retry
 * window). A spare run is harmless: the worker checks the delivery before it sends. Runs when
 * the server starts (grace 0) and in every due-work sweep. Answers how many runs it queued.
 */
export async function requeueStalledDeliveries(at: Date, graceMs: number, scope: SweepScope = {}): Promise<number> {
  const db = await getDb();
  const orderKey = sql`coalesce(${callbackDeliveries.packageId}, ${callbackDeliveries.id})`;
  const stalled = await db
    .selectDistinctOn([callbackDeliveries.accountId, callbackDeliveries.connector, orderKey], { id: callbackDeliveries.id, leaseUntil: callbackDeliveries.leaseUntil })
    .from(callbackDeliveries)
    .where(
      and(
        eq(callbackDeliveries.status, "PENDING"),
        lte(callbackDeliveries.nextAttemptAt, new Date(at.getTime() - graceMs)),
        scope.accountIds ? inArray(callbackDeliveries.accountId, scope.accountIds) : undefined,
      ),
    )
    .orderBy(callbackDeliveries.accountId, callbackDeliveries.connector, orderKey, asc(callbackDeliveries.eventId));
  if (stalled.length === 0) return 0;
  await db.transaction(async (tx) => {
    for (const delivery of stalled) {
      const heldFor = (delivery.leaseUntil?.getTime() ?? 0) - at.getTime();
      await enqueueJob(tx, DELIVER_CALLBACK_JOB, { deliveryId: delivery.id }, heldFor > 0 ? { startAfter: heldFor / 1000 + 1 } : {});
    }
  });
  return stalled.length;
}
