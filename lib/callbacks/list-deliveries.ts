import { and, asc, count, desc, eq, inArray } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import { callbackAttempts, callbackDeliveries } from "@/lib/db/schema";
import type { CallbackAttemptResponse, CallbackDeliveryListQuery, CallbackDeliveryListResponse, CallbackDeliveryResponse } from "@/lib/api/callbacks";
import { wireDate } from "@/lib/api/wire";
import type { Caller } from "@/lib/esign/accounts/caller";
import { pageWindow } from "@/lib/esign/listing";
import type { DeliveryStatus } from "./kinds";

function toWireAttempt(row: typeof callbackAttempts.$inferSelect): CallbackAttemptResponse {
  const attempt: CallbackAttemptResponse = { attemptedAt: wireDate(row.attemptedAt), latencyMs: row.latencyMs };
  if (row.statusCode !== null) attempt.statusCode = row.statusCode;
  if (row.error) attempt.error = row.error;
  if (row.responseExcerpt) attempt.responseExcerpt = row.responseExcerpt;
  return attempt;
}

export function toWireDelivery(row: typeof callbackDeliveries.$inferSelect, attempts: CallbackAttemptResponse[]): CallbackDeliveryResponse {
  const delivery: CallbackDeliveryResponse = {
    id: row.id,
    eventName: row.eventName,
    url: row.url,
    status: row.status as DeliveryStatus,
    created: wireDate(row.created),
    attempts,
  };
  if (row.packageId) delivery.packageId = row.packageId;
  if (row.connector) delivery.connector = row.connector;
  if (row.status === "PENDING") delivery.nextAttemptAt = wireDate(row.nextAttemptAt);
  if (row.lastStatusCode !== null) delivery.lastStatusCode = row.lastStatusCode;
  if (row.lastError) delivery.lastError = row.lastError;
  if (row.deliveredAt) delivery.deliveredAt = wireDate(row.deliveredAt);
  return delivery;
}

/** `GET /api/callback/deliveries` (our extension): one page of the account's deliveries, newest first, each with its attempts. */
export async function listCallbackDeliveries(db: Queryable, caller: Caller, query: CallbackDeliveryListQuery): Promise<CallbackDeliveryListResponse> {
  const { offset, limit } = pageWindow(query.from, query.to);
  const where = and(eq(callbackDeliveries.accountId, caller.account.id), query.status ? eq(callbackDeliveries.status, query.status) : undefined);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(callbackDeliveries)
      .where(where)
      .orderBy(desc(callbackDeliveries.created), desc(callbackDeliveries.eventId), desc(callbackDeliveries.id))
      .offset(offset)
      .limit(limit),
    db.select({ total: count() }).from(callbackDeliveries).where(where),
  ]);
  const attempts =
    rows.length === 0
      ? []
      : await db
          .select()
          .from(callbackAttempts)
          .where(
            inArray(
              callbackAttempts.deliveryId,
              rows.map((row) => row.id),
            ),
          )
          .orderBy(asc(callbackAttempts.id));
  return {
    results: rows.map((row) => toWireDelivery(row, attempts.filter((attempt) => attempt.deliveryId === row.id).map(toWireAttempt))),
    count: total,
  };
}
