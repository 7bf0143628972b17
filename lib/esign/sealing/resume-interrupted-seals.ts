import { getDb } from "@/lib/db/client";
import { enqueueJob } from "@/lib/jobs/enqueue";
import { SEAL_PACKAGE_JOB } from "@/lib/jobs/names";
import { leasesToResume } from "./seal-lease";

/**
 * Queues again, at once, the seals a dead instance was running (their lease not renewed, or with
 * `all` every lease: see leasesToResume), each job in the transaction that sets its lease aside.
 * Answers how many. The dead run's own job stays `active` until pg-boss expires it; run then, it
 * finds the documents sealed and does nothing.
 */
export async function resumeInterruptedSeals(options: { all: boolean }): Promise<number> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const packageIds = await leasesToResume(tx, options);
    for (const packageId of packageIds) await enqueueJob(tx, SEAL_PACKAGE_JOB, { packageId });
    return packageIds.length;
  });
}
