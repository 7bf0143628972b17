import { getDb } from "@/lib/db/client";
import { now } from "@/lib/esign/clock";
import { compactBusyPackageCounts } from "@/lib/esign/packages/package-counts";
import { defineJob } from "@/lib/jobs/registry";
import { runDueWork } from "./run-due-work";

export const DUE_WORK_JOB = "due-work";

/**
 * The sweep of the time-based rules, every minute; a failed sweep is not retried, the next one
 * catches up. It also folds the folders' count rows that writes added since the last sweep.
 */
export const dueWorkJob = defineJob({
  name: DUE_WORK_JOB,
  cron: "* * * * *",
  retry: () => ({ retryLimit: 0, retryDelay: 0, retryBackoff: false }),
  async handle() {
    await runDueWork(now());
    await compactBusyPackageCounts(await getDb());
  },
});
