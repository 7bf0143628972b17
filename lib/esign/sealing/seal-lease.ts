import { randomBytes } from "node:crypto";
import { and, eq, inArray, lt, sql } from "drizzle-orm";
import type { Queryable, Tx } from "@/lib/db/client";
import { packages, sealLeases } from "@/lib/db/schema";

/**
 * The lease of a running seal (table `seal_leases`): taken when a run starts sealing a package,
 * renewed every SEAL_HEARTBEAT_MS while it works, deleted when it stores the seal or fails. A lease
 * that is not renewed for SEAL_LEASE_SECONDS belongs to a run whose instance died (SIGKILL, power
 * loss): `leasesToResume` finds it and the seal is queued again at once, instead of waiting for
 * pg-boss to expire the dead run's job (15 minutes) or for the sweep (5 minutes). A live
 * instance's run keeps its lease fresh, so no other instance takes its seal over. Times are the
 * database's clock (`now()`), the one clock every instance shares.
 */

/** How long a lease lasts without renewal: a run whose instance died is found within this. */
export const SEAL_LEASE_SECONDS = 15;
/** How often a running seal renews its lease: three renewals fit in a lease. */
export const SEAL_HEARTBEAT_MS = 5_000;

const holder = globalThis as unknown as { signetInstanceId?: string };

/** This process's id: a random value per start, in every lease its runs hold. */
export function instanceId(): string {
  holder.signetInstanceId ??= randomBytes(6).toString("hex");
  return holder.signetInstanceId;
}

/** A seal queued again is left to its run this long before being queued once more (its job may wait behind others). */
const QUEUED_RUN_SECONDS = 60;

const leaseEnd = (seconds = SEAL_LEASE_SECONDS) => sql`now() + make_interval(secs => ${seconds})`;

/**
 * Takes the package's seal lease for a new run, answering the run's holder id, or null when a live
 * run holds it (its lease not yet expired): that run will store the seal, this one has nothing to do.
 * A lease set aside for a queued run (`holder` null) or expired is taken over.
 */
export async function takeSealLease(db: Queryable, packageId: string): Promise<string | null> {
  const runHolder = `${instanceId()}:${randomBytes(4).toString("hex")}`;
  const taken = await db
    .insert(sealLeases)
    .values({ packageId, holder: runHolder, until: leaseEnd(), started: sql`now()` })
    .onConflictDoUpdate({
      target: sealLeases.packageId,
      set: { holder: runHolder, until: leaseEnd(), started: sql`now()` },
      setWhere: sql`${sealLeases.holder} is null or ${sealLeases.until} < now()`,
    })
    .returning({ packageId: sealLeases.packageId });
  return taken.length > 0 ? runHolder : null;
}

/** Pushes the run's lease forward; false when it is no longer the run's (taken over after it expired). */
export async function renewSealLease(db: Queryable, packageId: string, runHolder: string): Promise<boolean> {
  const renewed = await db
    .update(sealLeases)
    .set({ until: leaseEnd() })
    .where(and(eq(sealLeases.packageId, packageId), eq(sealLeases.holder, runHolder)))
    .returning({ packageId: sealLeases.packageId });
  return renewed.length > 0;
}

/** Ends the run's lease (done, or failed: its job's retry takes a new one); answers whether it was still the run's. */
export async function releaseSealLease(db: Queryable, packageId: string, runHolder: string): Promise<boolean> {
  const released = await db
    .delete(sealLeases)
    .where(and(eq(sealLeases.packageId, packageId), eq(sealLeases.holder, runHolder)))
    .returning({ packageId: sealLeases.packageId });
  return released.length > 0;
}

/**
 * Removes a lease no live run holds (set aside for a queued run, or expired), for a run that finds
 * nothing to seal (sealed meanwhile, purged): left, it would be found expired and queued again
 * every minute, for ever.
 */
export async function dropIdleSealLease(db: Queryable, packageId: string): Promise<void> {
  await db.delete(sealLeases).where(and(eq(sealLeases.packageId, packageId), sql`(${sealLeases.holder} is null or ${sealLeases.until} < now())`));
}

/**
 * The packages whose seal was cut short, locked (SKIP LOCKED: instances sweeping at once share them
 * out) and set aside for a queued run (`holder` null, `until` a minute on), so that the next sweeps
 * leave them alone while the run waits for a worker (any run takes such a lease at once). `all`: every lease, expired or not, for an instance
 * that knows no other runs (PGlite: this process is the data folder's only one, so every lease
 * found at start is a dead run's).
 */
export async function leasesToResume(tx: Tx, options: { all: boolean }): Promise<string[]> {
  const rows = await tx
    .select({ packageId: sealLeases.packageId })
    .from(sealLeases)
    .where(options.all ? undefined : lt(sealLeases.until, sql`now()`))
    .for("update", { skipLocked: true });
  for (const { packageId } of rows) {
    await tx.update(sealLeases).set({ holder: null, until: leaseEnd(QUEUED_RUN_SECONDS) }).where(eq(sealLeases.packageId, packageId));
  }
  return rows.map((row) => row.packageId);
}

/** Whether any package awaits its seal (read from their partial index): with none, no seal needs resuming. */
export async function anySealAwaited(tx: Tx): Promise<boolean> {
  const rows = await tx.select({ id: packages.id }).from(packages).where(eq(packages.awaitingSeal, true)).limit(1);
  return rows.length > 0;
}

/**
 * Of `packageIds` (those of seal jobs whose runs are dead, or marked running for longer than a
 * lease lasts), those with no lease that still await their seal, each given a lease set aside for
 * a queued run, as `leasesToResume` does: a run killed between its job's start and taking its lease
 * (a few queries) leaves no lease to go stale. Only the instance whose insert lands gets a package,
 * and it alone queues the seal again (resume-interrupted-seals.ts).
 */
export async function setAsideLeaselessRuns(tx: Tx, packageIds: string[]): Promise<string[]> {
  if (packageIds.length === 0) return [];
  const rows = await tx
    .insert(sealLeases)
    .select(
      tx
        .select({ packageId: packages.id, holder: sql<null>`null`.as("holder"), until: leaseEnd(QUEUED_RUN_SECONDS).as("until"), started: sql`now()`.as("started") })
        .from(packages)
        .where(and(inArray(packages.id, packageIds), eq(packages.awaitingSeal, true))),
    )
    .onConflictDoNothing({ target: sealLeases.packageId })
    .returning({ packageId: sealLeases.packageId });
  return rows.map((row) => row.packageId);
}
