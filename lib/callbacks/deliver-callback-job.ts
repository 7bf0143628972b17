import { and, eq, isNull, lt, or } from "drizzle-orm";
import { config } from "@/lib/config";
import { getDb, type Tx } from "@/lib/db/client";
import { accountMemberships, auditEvents, callbackAttempts, callbackDeliveries, callbackRegistrations, users } from "@/lib/db/schema";
import { callbackFailingEmail } from "@/lib/email/messages";
import { queueEmail } from "@/lib/email/queue-email";
import { now } from "@/lib/esign/clock";
import { decryptSecret } from "@/lib/esign/security/secret-crypto";
import { enqueueJob } from "@/lib/jobs/queue";
import { defineJob } from "@/lib/jobs/registry";
import { cancelPendingDeliveries, lockPackageDeliveries, queueNextOfPackage } from "./deliveries";
import { DELIVER_CALLBACK_JOB } from "./kinds";
import { callbackBody, callbackHeaders } from "./payload";
import { postCallback, type PostOutcome } from "./post-callback";

type Delivery = typeof callbackDeliveries.$inferSelect;

/** Seconds before attempt `attempts + 1`: the base doubling with each attempt, ±10 % jitter so receivers coming back are not stampeded. */
export function retryDelaySeconds(attempts: number, baseSeconds = config().callbackRetryBaseSeconds): number {
  return baseSeconds * 2 ** (attempts - 1) * (0.9 + Math.random() * 0.2);
}

/**
 * How long a worker holds a delivery: both time-outs of the attempt, then time to record it. A
 * worker that dies holding it (a crash, SIGKILL) delays the next attempt by at most this.
 */
export function leaseMs(): number {
  const { callbackConnectTimeoutMs, callbackResponseTimeoutMs } = config();
  return callbackConnectTimeoutMs + callbackResponseTimeoutMs + 10_000;
}

/** The same package's earlier event still waiting (delivered first: its end queues this one again). */
async function earlierPendingOfPackage(delivery: Delivery): Promise<boolean> {
  const { packageId } = delivery;
  if (!packageId) return false;
  const db = await getDb();
  return db.transaction(async (tx) => {
    await lockPackageDeliveries(tx, delivery.accountId, packageId);
    const [earlier] = await tx
      .select({ id: callbackDeliveries.id })
      .from(callbackDeliveries)
      .where(
        and(
          eq(callbackDeliveries.accountId, delivery.accountId),
          eq(callbackDeliveries.packageId, packageId),
          eq(callbackDeliveries.status, "PENDING"),
          lt(callbackDeliveries.eventId, delivery.eventId),
        ),
      )
      .limit(1);
    return Boolean(earlier);
  });
}

/** Takes the delivery for this worker, unless another one holds it. */
async function claim(deliveryId: string): Promise<Delivery | undefined> {
  const db = await getDb();
  const at = now();
  const [claimed] = await db
    .update(callbackDeliveries)
    .set({ leaseUntil: new Date(at.getTime() + leaseMs()) })
    .where(
      and(
        eq(callbackDeliveries.id, deliveryId),
        eq(callbackDeliveries.status, "PENDING"),
        or(isNull(callbackDeliveries.leaseUntil), lt(callbackDeliveries.leaseUntil, at)),
      ),
    )
    .returning();
  return claimed;
}

async function emailOwner(tx: Tx, delivery: Delivery, lastError: string): Promise<void> {
  const [owner] = await tx
    .select({ email: users.email, firstName: users.firstName, lastName: users.lastName, language: users.language })
    .from(accountMemberships)
    .innerJoin(users, eq(users.id, accountMemberships.userId))
    .where(and(eq(accountMemberships.accountId, delivery.accountId), eq(accountMemberships.isOwner, true)))
    .limit(1);
  if (!owner) return;
  const content = callbackFailingEmail(
    {
      ownerName: `${owner.firstName} ${owner.lastName}`.trim() || owner.email,
      callbackUrl: delivery.url,
      eventName: delivery.eventName,
      attempts: delivery.attempts + 1,
      lastError,
    },
    owner.language,
  );
  await queueEmail(tx, { accountId: delivery.accountId, packageId: delivery.packageId ?? undefined, kind: "CALLBACK_FAILING", to: owner.email, ...content });
}

/** Logs the attempt and moves the delivery on: DELIVERED, FAILED (owner e-mailed) or PENDING with the next attempt queued. */
async function recordOutcome(delivery: Delivery, outcome: PostOutcome, attemptedAt: Date): Promise<void> {
  const db = await getDb();
  const delivered = outcome.statusCode !== undefined && outcome.statusCode >= 200 && outcome.statusCode < 300;
  const lastError = delivered ? null : (outcome.error ?? `The receiver answered HTTP ${outcome.statusCode}`);
  const attempts = delivery.attempts + 1;
  await db.transaction(async (tx) => {
    await tx.insert(callbackAttempts).values({
      deliveryId: delivery.id,
      attemptedAt,
      statusCode: outcome.statusCode ?? null,
      latencyMs: outcome.latencyMs,
      error: lastError,
      responseExcerpt: outcome.responseExcerpt || null,
    });
    const final = delivered || attempts >= config().callbackMaxAttempts;
    const delaySeconds = final ? 0 : retryDelaySeconds(attempts);
    const [changed] = await tx
      .update(callbackDeliveries)
      .set({
        status: delivered ? "DELIVERED" : final ? "FAILED" : "PENDING",
        attempts,
        lastStatusCode: outcome.statusCode ?? null,
        lastError,
        leaseUntil: null,
        nextAttemptAt: new Date(now().getTime() + delaySeconds * 1000),
        deliveredAt: delivered ? now() : null,
      })
      // Cancelled meanwhile (registration removed or changed): the attempt is logged, the status stays.
      .where(and(eq(callbackDeliveries.id, delivery.id), eq(callbackDeliveries.status, "PENDING")))
      .returning({ id: callbackDeliveries.id });
    if (!changed) return;
    if (!final) {
      await enqueueJob(tx, DELIVER_CALLBACK_JOB, { deliveryId: delivery.id }, { startAfter: delaySeconds });
      return;
    }
    if (!delivered) await emailOwner(tx, delivery, lastError!);
    await queueNextOfPackage(tx, delivery.accountId, delivery.packageId);
  });
}

/**
 * One run of a delivery: skipped when it is no longer PENDING, queued again when not due yet or
 * held by another worker, skipped behind an earlier event of its package; cancelled when
 * the registration no longer sends to its url; else one attempt.
 */
export async function deliverCallback(deliveryId: string): Promise<void> {
  const db = await getDb();
  const [delivery] = await db.select().from(callbackDeliveries).where(eq(callbackDeliveries.id, deliveryId));
  if (!delivery || delivery.status !== "PENDING") return;
  const notDueForMs = delivery.nextAttemptAt.getTime() - now().getTime();
  if (notDueForMs > 0) {
    // Early (the queue's clock is the database's): run again when due rather than never.
    await db.transaction((tx) => enqueueJob(tx, DELIVER_CALLBACK_JOB, { deliveryId }, { startAfter: notDueForMs / 1000 + 0.5 }));
    return;
  }
  if (await earlierPendingOfPackage(delivery)) return;

  const [registration] = await db.select().from(callbackRegistrations).where(eq(callbackRegistrations.accountId, delivery.accountId));
  if (!registration || registration.url !== delivery.url) {
    await db.transaction((tx) => cancelPendingDeliveries(tx, delivery.accountId, registration ?? null));
    return;
  }

  const claimed = await claim(deliveryId);
  if (!claimed) {
    // Another worker holds it. Should that worker die mid-send, this run (after its lease) takes over.
    const retryAfter = Math.max(1, ((delivery.leaseUntil?.getTime() ?? 0) - now().getTime()) / 1000 + 1);
    await db.transaction((tx) => enqueueJob(tx, DELIVER_CALLBACK_JOB, { deliveryId }, { startAfter: retryAfter }));
    return;
  }
  const [event] = await db.select().from(auditEvents).where(eq(auditEvents.id, claimed.eventId));
  const body = callbackBody(event);
  const attemptedAt = now();
  const key = registration.encryptedKey ? decryptSecret(registration.encryptedKey) : null;
  const { callbackAllowPrivate, callbackConnectTimeoutMs, callbackResponseTimeoutMs, callbackConcurrency } = config();
  const outcome = await postCallback(claimed.url, body, {
    headers: callbackHeaders(claimed.id, key, body, attemptedAt),
    allowPrivate: callbackAllowPrivate,
    connectTimeoutMs: callbackConnectTimeoutMs,
    responseTimeoutMs: callbackResponseTimeoutMs,
    connectionsPerOrigin: callbackConcurrency,
  });
  await recordOutcome(claimed, outcome, attemptedAt);
}

export const deliverCallbackJob = defineJob<{ deliveryId: string }>({
  name: DELIVER_CALLBACK_JOB,
  // Failed HTTP attempts are scheduled by the delivery itself; these retries only cover a run that crashed (database down).
  retry: () => ({ retryLimit: 5, retryDelay: 30, retryBackoff: true }),
  // Deliveries to slow receivers overlap; the order within a package is kept by the delivery rows.
  batchSize: 10,
  handle: (data) => deliverCallback(data.deliveryId),
});
