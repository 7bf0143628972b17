import type { Tx } from "@/lib/db/client";
import { enqueueJob } from "@/lib/jobs/queue";
import { defineJob } from "@/lib/jobs/registry";
import { sealPackage } from "./seal-package";

export const SEAL_PACKAGE_JOB = "seal-package";

/**
 * Retries of a seal that failed (an unreadable certificate, the database away): about 15, 30, 60
 * and 120 s apart (pg-boss doubles the delay, with jitter), all within the five minutes after
 * which the sweep looks for unsealed packages; after the last one the package is left to it.
 */
const RETRY = { retryLimit: 4, retryDelay: 15, retryBackoff: true };

/** Seals a completed package's documents; idempotent, so a run again (retry, sweep, crash) is harmless. */
export const sealPackageJob = defineJob<{ packageId: string }>({
  name: SEAL_PACKAGE_JOB,
  retry: () => RETRY,
  async handle(data) {
    await sealPackage(data.packageId);
  },
});

/** Queues the sealing of a package in the caller's transaction: it runs only once the completion commits. */
export async function queuePackageSealing(tx: Tx, packageId: string): Promise<void> {
  await enqueueJob(tx, SEAL_PACKAGE_JOB, { packageId });
}
