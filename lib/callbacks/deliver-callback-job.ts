import { and, eq } from "drizzle-orm";
import { config, type Config } from "@/lib/config";
import { getDb, type Tx } from "@/lib/db/client";
import { accountMemberships, callbackAttempts, callbackDeliveries, users } from "@/lib/db/schema";
import { callbackFailingEmail } from "@/lib/esign/outbox/messages";
import { queueEmail } from "@/lib/esign/outbox/queue-email";
import { now } from "@/lib/esign/clock";
import { decryptSecret } from "@/lib/esign/security/secret-crypto";
import { enqueueJob } from "@/lib/jobs/enqueue";
import { DELIVER_CALLBACK_JOB } from "@/lib/jobs/names";
import { defineJob } from "@/lib/jobs/registry";
import { cancelPendingDeliveries, readDestination } from "./deliveries";
import { Batcher } from "./batcher";
import { claimHeads, headsOf, recordDelivered, type ClaimedDelivery, type DeliveredAttempt } from "./delivery-claims";
import { callbackBody, callbackHeaders } from "./payload";
import { closeCallbackConnections, postCallback, type PostOutcome } from "./post-callback";

/** Seconds before attempt `attempts + 1`: the base doubling with each attempt, ±10 % jitter so receivers coming back are not stampeded. */
export function retryDelaySeconds(attempts: number, baseSeconds = config().callbackRetryBaseSeconds): number {
  return baseSeconds * 2 ** (attempts - 1) * (0.9 + Math.random() * 0.2);
}

/**
 * How long a worker holds a delivery: both time-outs of the attempt, then time to record it. A
 * worker that dies holding it (a crash, SIGKILL) delays the next attempt by at most this.
 */
export function leaseMs(settings: Config = config()): number {
  return settings.callbackConnectTimeoutMs + settings.callbackResponseTimeoutMs + 10_000;
}

/**
 * Deliveries one run sends in a row for one package before it hands the package to a new job, so
 * that a package with a steady stream of events does not keep one job running for ever.
 */
const MAX_RUN_OF_PACKAGE = 100;

/** At most `capacity` deliveries in flight in this process; the others wait for a slot. */
class Slots {
  private used = 0;
  private readonly waiting: (() => void)[] = [];

  async acquire(capacity: number): Promise<void> {
    while (this.used >= capacity) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.used++;
  }

  release(): void {
    this.used--;
    this.waiting.shift()?.();
  }
}

const holder = globalThis as unknown as { signetCallbackSlots?: Slots };
const slots = (holder.signetCallbackSlots ??= new Slots());

/** Claims of package heads (claimHeads), many deliveries' in one statement under load. */
const headClaims = new Batcher<string, ClaimedDelivery | undefined>(async (deliveryIds) => {
  const at = now();
  const claimed = await claimHeads(await getDb(), deliveryIds, at, new Date(at.getTime() + leaseMs()));
  // Two runs may ask for the same delivery in one batch (two workers' batches named it): one of them gets it.
  return deliveryIds.map((id) => {
    const delivery = claimed.get(id);
    claimed.delete(id);
    return delivery;
  });
});

/** Successful attempts (recordDelivered), many deliveries' in one statement under load; each answers whether it changed. */
const deliveredRecords = new Batcher<DeliveredAttempt, boolean>(async (attempts) => {
  const changed = await recordDelivered(await getDb(), attempts, now());
  return attempts.map((attempt) => changed.has(attempt.deliveryId));
});

async function emailOwner(tx: Tx, delivery: ClaimedDelivery, attempts: number, lastError: string): Promise<void> {
  const [owner] = await tx
    .select({ email: users.email, firstName: users.firstName, lastName: users.lastName, language: users.language })
    .from(accountMemberships)
    .innerJoin(users, eq(users.id, accountMemberships.userId))
    .where(and(eq(accountMemberships.accountId, delivery.accountId), eq(accountMemberships.isOwner, true)))
    .limit(1);
  if (!owner) return;
  const content = callbackFailingEmail(
    { ownerName: `${owner.firstName} ${owner.lastName}`.trim() || owner.email, callbackUrl: delivery.url, eventName: delivery.eventName, attempts, lastError },
    owner.language,
  );
  await queueEmail(tx, { accountId: delivery.accountId, packageId: delivery.packageId ?? undefined, kind: "CALLBACK_FAILING", to: owner.email, ...content });
}

/**
 * Logs the attempt and moves the delivery on: DELIVERED, FAILED (owner e-mailed) or PENDING with
 * the next attempt queued. Answers whether the delivery has ended, so its package's next may go.
 */
async function recordOutcome(delivery: ClaimedDelivery, outcome: PostOutcome, attemptedAt: Date, settings: Config): Promise<boolean> {
  const delivered = outcome.statusCode !== undefined && outcome.statusCode >= 200 && outcome.statusCode < 300;
  if (delivered) {
    // Not PENDING any more means cancelled meanwhile: the cancelling queued what comes next.
    return deliveredRecords.submit({
      deliveryId: delivery.id,
      attemptedAt,
      statusCode: outcome.statusCode!,
      latencyMs: outcome.latencyMs,
      responseExcerpt: outcome.responseExcerpt || null,
    });
  }
  const lastError = outcome.error ?? `The receiver answered HTTP ${outcome.statusCode}`;
  const attempts = delivery.attempts + 1;
  const final = attempts >= settings.callbackMaxAttempts;
  const db = await getDb();
  return db.transaction(async (tx) => {
    await tx.insert(callbackAttempts).values({
      deliveryId: delivery.id,
      attemptedAt,
      statusCode: outcome.statusCode ?? null,
      latencyMs: outcome.latencyMs,
      error: lastError,
      responseExcerpt: outcome.responseExcerpt || null,
    });
    const delaySeconds = final ? 0 : retryDelaySeconds(attempts, settings.callbackRetryBaseSeconds);
    const [changed] = await tx
      .update(callbackDeliveries)
      .set({
        status: final ? "FAILED" : "PENDING",
        attempts,
        lastStatusCode: outcome.statusCode ?? null,
        lastError,
        leaseUntil: null,
        nextAttemptAt: new Date(now().getTime() + delaySeconds * 1000),
        deliveredAt: null,
      })
      // Cancelled meanwhile (registration removed or changed): the attempt is logged, the status stays.
      .where(and(eq(callbackDeliveries.id, delivery.id), eq(callbackDeliveries.status, "PENDING")))
      .returning({ id: callbackDeliveries.id });
    if (!changed) return false;
    if (!final) {
      await enqueueJob(tx, DELIVER_CALLBACK_JOB, { deliveryId: delivery.id }, { startAfter: delaySeconds });
      return false;
    }
    await emailOwner(tx, delivery, attempts, lastError);
    return true;
  });
}

/**
 * One attempt of a claimed delivery: cancelled instead when its destination (the registration or
 * the connector) no longer sends to its url. Answers whether the delivery has ended (its package's next one may go).
 */
async function attemptDelivery(delivery: ClaimedDelivery, settings: Config): Promise<boolean> {
  const { registration } = delivery;
  if (registration.url !== delivery.url) {
    const db = await getDb();
    await db.transaction(async (tx) => {
      const current = await readDestination(tx, delivery.accountId, delivery.connector);
      await cancelPendingDeliveries(tx, delivery.accountId, current, delivery.connector);
    });
    return false;
  }
  const body = callbackBody(delivery.event);
  const attemptedAt = now();
  const key = registration.encryptedKey ? decryptSecret(registration.encryptedKey) : null;
  const outcome = await postCallback(delivery.url, body, {
    headers: callbackHeaders(delivery.id, key, body, attemptedAt),
    allowPrivate: settings.callbackAllowPrivate,
    connectTimeoutMs: settings.callbackConnectTimeoutMs,
    responseTimeoutMs: settings.callbackResponseTimeoutMs,
    connectionsPerOrigin: settings.callbackConcurrency,
  });
  return recordOutcome(delivery, outcome, attemptedAt, settings);
}

/**
 * Sends a claimed delivery, then the later ones of its package, one after the other: the end of
 * each claims the next (a new package head) right away, with no job in between. Stops at a
 * delivery that waits for a retry, at one held elsewhere, or after MAX_RUN_OF_PACKAGE, handing the
 * package to a new job.
 */
async function runPackage(first: ClaimedDelivery, settings: Config): Promise<void> {
  const db = await getDb();
  let delivery: ClaimedDelivery | undefined = first;
  for (let sent = 1; delivery; sent++) {
    const ended = await attemptDelivery(delivery, settings);
    if (!ended || !delivery.packageId) return;
    if (sent >= MAX_RUN_OF_PACKAGE) {
      const { id } = delivery;
      await db.transaction((tx) => enqueueJob(tx, DELIVER_CALLBACK_JOB, { deliveryId: id }));
      return;
    }
    delivery = await headClaims.submit(delivery.id);
  }
}

/**
 * The runs of a batch of deliver-callback jobs. A job names a delivery; it stands for the head of
 * that delivery's package (the delivery itself without a package). Each head that is due and free
 * is claimed (leased) and sent, followed by its package's later deliveries (runPackage), at most
 * CALLBACK_CONCURRENCY at once in this process. A head held by a worker is left to it: that
 * worker's end of it claims the next. A job's own delivery that is not due yet (the queue's clock
 * is the database's) is queued again for when it is. Anything else needs nothing: a spare run is
 * harmless.
 *
 * Why no package is left waiting: a delivery's run starts after its event committed, and the end of
 * a head commits (recordOutcome) before the next head is claimed, in a statement of its own. So a
 * run that still saw the old head PENDING started before that claim, which then sees the delivery.
 * A worker that dies holding deliveries leaves them to the stalled-delivery sweep.
 */
export async function deliverCallbacks(deliveryIds: string[]): Promise<void> {
  const settings = config();
  const db = await getDb();
  const at = now();
  const heads = await headsOf(db, deliveryIds, at);
  const notDue = heads.filter((head) => !head.held && head.nextAttemptMs > at.getTime() && deliveryIds.includes(head.id));
  if (notDue.length > 0) {
    await db.transaction(async (tx) => {
      for (const head of notDue) {
        await enqueueJob(tx, DELIVER_CALLBACK_JOB, { deliveryId: head.id }, { startAfter: (head.nextAttemptMs - at.getTime()) / 1000 + 0.5 });
      }
    });
  }
  const ready = heads.filter((head) => !head.held && head.nextAttemptMs <= at.getTime());
  const runs = await Promise.allSettled(
    ready.map(async (head) => {
      await slots.acquire(settings.callbackConcurrency);
      try {
        const claimed = await headClaims.submit(head.id);
        if (claimed) await runPackage(claimed, settings);
      } finally {
        slots.release();
      }
    }),
  );
  // A failed run (the database away) fails the batch: its jobs are retried and claim the heads again once their lease ends.
  const failed = runs.find((run) => run.status === "rejected");
  if (failed) throw failed.reason;
}

/** One delivery's run (the handler of a single job). */
export function deliverCallback(deliveryId: string): Promise<void> {
  return deliverCallbacks([deliveryId]);
}

export const deliverCallbackJob = defineJob<{ deliveryId: string }>({
  name: DELIVER_CALLBACK_JOB,
  // A batch is one query for its heads; the jobs of packages already being sent cost nothing more.
  batchSize: 50,
  // While one worker's batch is still sending, another fetches: the slots, not the batches, bound what is in flight.
  workers: () => 2,
  handle: (data) => deliverCallback(data.deliveryId),
  handleBatch: (jobs) => deliverCallbacks(jobs.map((job) => job.data.deliveryId)),
  stop: closeCallbackConnections,
});
