import { database } from "@/lib/db/client";
import { SEAL_PACKAGE_JOB } from "@/lib/jobs/names";
import { defineJob } from "@/lib/jobs/registry";
import { logger } from "@/lib/observability/logger";
import { resumeInterruptedSeals } from "./resume-interrupted-seals";
import { sealPackage } from "./seal-package";
import { SEAL_HEARTBEAT_MS } from "./seal-lease";

const watch = globalThis as unknown as { signetSealWatch?: NodeJS.Timeout };

async function resume(all: boolean): Promise<void> {
  try {
    const resumed = await resumeInterruptedSeals({ all });
    if (resumed > 0) logger().warn({ resumedSeals: resumed }, "seals cut short by a stopped instance queued again");
  } catch (error) {
    logger().warn({ err: error }, "looking for interrupted seals failed");
  }
}

/** Seals a completed package's documents; idempotent, so a run again (retry, sweep, crash) is harmless. */
export const sealPackageJob = defineJob<{ packageId: string }>({
  name: SEAL_PACKAGE_JOB,
  async handle(data) {
    await sealPackage(data.packageId);
  },
  /**
   * With the workers: seals cut short by a crash are queued again, every lease at once on PGlite
   * (this process is the data folder's only one, so every running seal it finds is a dead one's),
   * then every few seconds those whose lease nobody renews, or whose job has run longer than a
   * lease lasts without taking one (an instance on the same PostgreSQL database died).
   */
  async start() {
    const { kind } = await database();
    await resume(kind === "pglite");
    clearInterval(watch.signetSealWatch);
    watch.signetSealWatch = setInterval(() => void resume(false), SEAL_HEARTBEAT_MS);
    watch.signetSealWatch.unref();
  },
  async stop() {
    clearInterval(watch.signetSealWatch);
    watch.signetSealWatch = undefined;
  },
});
