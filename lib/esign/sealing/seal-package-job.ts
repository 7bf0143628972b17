import { SEAL_PACKAGE_JOB } from "@/lib/jobs/names";
import { defineJob } from "@/lib/jobs/registry";
import { sealPackage } from "./seal-package";

/** Seals a completed package's documents; idempotent, so a run again (retry, sweep, crash) is harmless. */
export const sealPackageJob = defineJob<{ packageId: string }>({
  name: SEAL_PACKAGE_JOB,
  async handle(data) {
    await sealPackage(data.packageId);
  },
});
