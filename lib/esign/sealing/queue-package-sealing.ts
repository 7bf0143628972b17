import { eq } from "drizzle-orm";
import type { Tx } from "@/lib/db/client";
import { packages } from "@/lib/db/schema";
import { enqueueJob } from "@/lib/jobs/enqueue";
import { SEAL_PACKAGE_JOB } from "@/lib/jobs/names";

/**
 * Queues the sealing of a package in the caller's transaction: it runs only once the completion
 * commits. The package is marked as awaiting its seal until a seal finishes it, so the sweep
 * (queue-unsealed-packages.ts) finds one whose job was lost among those marked, not among every
 * completed package.
 */
export async function queuePackageSealing(tx: Tx, packageId: string): Promise<void> {
  await tx.update(packages).set({ awaitingSeal: true }).where(eq(packages.id, packageId));
  await enqueueJob(tx, SEAL_PACKAGE_JOB, { packageId });
}
