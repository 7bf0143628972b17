import { getDb } from "@/lib/db/client";
import { activeJobsData, enqueueJob } from "@/lib/jobs/enqueue";
import { SEAL_PACKAGE_JOB } from "@/lib/jobs/names";
import { leasesToResume, SEAL_LEASE_SECONDS, setAsideLeaselessRuns } from "./seal-lease";

/**
 * Queues again, at once, the seals a dead instance was running, each job in the transaction that
 * sets its lease aside: those whose lease is not renewed, and those whose job is marked running
 * for longer than a lease lasts without ever taking one (killed before it could). With `all`,
 * every lease and every seal job marked running, as on PGlite at start, where this process is the
 * data folder's only one (see leasesToResume). Answers how many packages. The dead run's own job
 * stays `active` until pg-boss expires it; run then, it finds the documents sealed and does nothing.
 */
export async function resumeInterruptedSeals(options: { all: boolean }): Promise<number> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const packageIds = new Set(await leasesToResume(tx, options));
    // A run killed before it took its lease left only its job, marked running: at start on PGlite
    // every such job is a dead one's; elsewhere, one running longer than a lease lasts without a lease.
    if (options.all) {
      for (const data of await activeJobsData(tx, SEAL_PACKAGE_JOB)) if (typeof data.packageId === "string") packageIds.add(data.packageId);
    } else {
      const running = await activeJobsData(tx, SEAL_PACKAGE_JOB, { startedSecondsAgo: SEAL_LEASE_SECONDS });
      const leaseless = running.flatMap((data) => (typeof data.packageId === "string" && !packageIds.has(data.packageId) ? [data.packageId] : []));
      for (const packageId of await setAsideLeaselessRuns(tx, leaseless)) packageIds.add(packageId);
    }
    for (const packageId of packageIds) await enqueueJob(tx, SEAL_PACKAGE_JOB, { packageId });
    return packageIds.size;
  });
}
