import { and, eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { callbackDeliveries } from "@/lib/db/schema";
import { MAIN_DESTINATION, readDestination } from "./deliveries";
import type { Caller } from "@/lib/esign/accounts/caller";
import { now } from "@/lib/esign/clock";
import { conflict, notFound } from "@/lib/esign/errors";
import { enqueueJob } from "@/lib/jobs/enqueue";
import { DELIVER_CALLBACK_JOB } from "@/lib/jobs/names";

/**
 * `POST /api/callback/deliveries/{id}/resend` (our extension): a FAILED or DELIVERED delivery is
 * sent again, to its destination's current url (the registration's or its connector's), as a new sequence of attempts (the log keeps the
 * old ones). It is PENDING again, so later events of its package wait for it.
 */
export async function resendCallbackDelivery(db: Db, caller: Caller, deliveryId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [delivery] = await tx
      .select()
      .from(callbackDeliveries)
      .where(and(eq(callbackDeliveries.id, deliveryId), eq(callbackDeliveries.accountId, caller.account.id)))
      .for("update");
    if (!delivery) throw notFound("error.notFound.callbackDeliveryNotFound", `Callback delivery ${deliveryId} was not found.`);
    if (delivery.status !== "FAILED" && delivery.status !== "DELIVERED") {
      throw conflict("error.conflict.callbackDeliveryNotFinished", `Callback delivery ${deliveryId} is ${delivery.status}; only a FAILED or DELIVERED delivery can be resent.`);
    }
    const registration = await readDestination(tx, caller.account.id, delivery.connector);
    if (!registration) {
      throw delivery.connector === MAIN_DESTINATION
        ? conflict("error.conflict.noCallbackRegistration", "The account has no callback registration to send to.")
        : conflict("error.conflict.noCallbackConnector", `The account has no callback connector ${delivery.connector} to send to.`);
    }
    await tx
      .update(callbackDeliveries)
      .set({ status: "PENDING", url: registration.url, attempts: 0, nextAttemptAt: now(), leaseUntil: null, lastError: null, lastStatusCode: null, deliveredAt: null })
      .where(eq(callbackDeliveries.id, delivery.id));
    await enqueueJob(tx, DELIVER_CALLBACK_JOB, { deliveryId: delivery.id });
  });
}
