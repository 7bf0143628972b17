import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { callbackDeliveries } from "@/lib/db/schema";
import type { CallbackDeliveryResponse } from "@/lib/api/callbacks";
import type { Caller } from "@/lib/esign/accounts/caller";
import { queueCallbackDelivery } from "@/lib/esign/audit/queue-callback-delivery";
import { recordEventReturningId } from "@/lib/esign/audit/record-event";
import { conflict } from "@/lib/esign/errors";
import { MAIN_DESTINATION, readDestination } from "./deliveries";
import { toWireDelivery } from "./list-deliveries";

export const TEST_EVENT_NAME = "CALLBACK_TEST";
export const TEST_EVENT_MESSAGE = "A test event: Signet can reach this callback destination.";

const noRegistration = (connector: string) =>
  connector === MAIN_DESTINATION
    ? conflict("error.conflict.noCallbackRegistration", "The account has no callback registration to send a test event to.")
    : conflict("error.conflict.noCallbackConnector", `The account has no callback connector ${connector} to send a test event to.`);

/**
 * `POST /api/callback/test` and `POST /api/callback/connectors/{name}/test` (our extensions): a
 * CALLBACK_TEST event, kept in the audit trail and delivered to the destination's url like any
 * event (same body, key, signature, retries and log), whatever events it subscribes to. Answers
 * the delivery as queued.
 */
export async function sendTestCallback(db: Db, caller: Caller, connector: string = MAIN_DESTINATION): Promise<CallbackDeliveryResponse> {
  return db.transaction(async (tx) => {
    if (!(await readDestination(tx, caller.account.id, connector))) throw noRegistration(connector);
    const event = { accountId: caller.account.id, packageId: null, name: TEST_EVENT_NAME } as const;
    const eventId = await recordEventReturningId(tx, { ...event, sessionUser: caller.user.id, message: TEST_EVENT_MESSAGE, ipAddress: caller.ipAddress });
    const deliveryId = await queueCallbackDelivery(tx, { ...event, id: eventId }, { testOf: connector });
    // Removed meanwhile, between the two reads.
    if (!deliveryId) throw noRegistration(connector);
    const [delivery] = await tx.select().from(callbackDeliveries).where(eq(callbackDeliveries.id, deliveryId));
    return toWireDelivery(delivery, []);
  });
}
