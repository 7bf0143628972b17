import { getDb } from "@/lib/db/client";
import { enqueueJob, failRunningJobs, runningJobs, type RunningJob } from "@/lib/jobs/enqueue";
import { SEAL_PACKAGE_JOB } from "@/lib/jobs/names";
import { anySealAwaited, leasesToResume, SEAL_LEASE_SECONDS, setAsideLeaselessRuns } from "./seal-lease";

/**
 * Queues again, at once, the seals a dead instance was running, each job in the transaction that
 * sets its lease aside: those whose lease is not renewed (leasesToResume), and those whose job is
 * marked running for longer than a lease lasts without a lease (killed before it took one). With
 * `all`, every lease and every seal job marked running, as on PGlite at start, where this process
 * is the data folder's only one. The dead runs' jobs found here are marked failed in the same
 * transaction, so each is acted on once, whatever becomes of the seal queued again; a dead run's
 * job left `active` (its lease found instead) ends when pg-boss expires it, and run then, it finds
 * the documents sealed and does nothing. Answers how many packages were queued.
 */
export async function resumeInterruptedSeals(options: { all: boolean }): Promise<number> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const packageIds = new Set(await leasesToResume(tx, options));
    // On PGlite at start every running job is a dead one's. Otherwise only those running longer
    // than a lease lasts, read while some package awaits its seal (the look every few seconds costs
    // an index probe the rest of the time).
    let running: RunningJob[] = [];
    if (options.all) running = await runningJobs(tx, SEAL_PACKAGE_JOB);
    else if (await anySealAwaited(tx)) running = await runningJobs(tx, SEAL_PACKAGE_JOB, { startedSecondsAgo: SEAL_LEASE_SECONDS });
    const runs = running.flatMap((job) => (typeof job.data.packageId === "string" ? [{ jobId: job.id, packageId: job.data.packageId }] : []));
    const setAside = new Set(await setAsideLeaselessRuns(tx, [...new Set(runs.map((run) => run.packageId))].filter((id) => !packageIds.has(id))));
    // Dead: with `all` every running job; otherwise those whose package had no lease and got one set aside here.
    const deadJobIds = options.all ? running.map((job) => job.id) : runs.filter((run) => setAside.has(run.packageId)).map((run) => run.jobId);
    await failRunningJobs(tx, SEAL_PACKAGE_JOB, deadJobIds, "Its process stopped while it ran; the seal was queued again.");
    for (const packageId of setAside) packageIds.add(packageId);
    for (const packageId of packageIds) await enqueueJob(tx, SEAL_PACKAGE_JOB, { packageId });
    return packageIds.size;
  });
}
