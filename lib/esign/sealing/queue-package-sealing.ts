import type { Tx } from "@/lib/db/client";
import { enqueueJob } from "@/lib/jobs/enqueue";
import { SEAL_PACKAGE_JOB } from "@/lib/jobs/names";

/** Queues the sealing of a package in the caller's transaction: it runs only once the completion commits. */
export async function queuePackageSealing(tx: Tx, packageId: string): Promise<void> {
  await enqueueJob(tx, SEAL_PACKAGE_JOB, { packageId });
}
