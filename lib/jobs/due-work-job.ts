import { requeueStalledDeliveries } from "@/lib/callbacks/requeue-stalled-deliveries";
import { database, getDb } from "@/lib/db/client";
import { vacuumEmbeddedDatabase } from "@/lib/db/embedded-vacuum";
import { logger } from "@/lib/observability/logger";
import { requeueStalledEmails } from "@/lib/email/requeue-stalled-emails";
import { now } from "@/lib/esign/clock";
import { compactBusyPackageCounts } from "@/lib/esign/packages/package-counts";
import { foldPendingListChanges } from "@/lib/esign/packages/list-buckets";
import { deleteExpiredBlobWriteIntents } from "@/lib/esign/storage/blob-write-intents";
import { runDueWork } from "@/lib/esign/time-based/run-due-work";
import { config } from "@/lib/config";
import { DUE_WORK_JOB } from "./names";
import { defineJob } from "./registry";
import { recordScheduledRunSuccess } from "./scheduled-runs";

/** A delivery due this long without a run is looked at again (its run may be waiting behind a backlog). */
const STALLED_DELIVERY_GRACE_MS = 10 * 60 * 1000;

/**
 * The sweep, every SWEEP_INTERVAL_SECONDS (a minute by default): the service's time-based rules
 * (runDueWork), then the consumers' own (callback deliveries and e-mails whose jobs were lost,
 * queued again); a failed sweep is not retried, the next one catches up. It also folds the
 * folders' count rows that writes added since the last sweep, and the lists' pending changes into
 * their buckets, deletes the blob write intents a crash left behind (blob-write-intents.ts), and on
 * the embedded database does autovacuum's work (embedded-vacuum.ts). Its last success is recorded
 * for `GET /api/health`.
 */
export const dueWorkJob = defineJob({
  name: DUE_WORK_JOB,
  everySeconds: () => config().sweepIntervalSeconds,
  async handle() {
    const at = now();
    await runDueWork(at);
    await requeueStalledDeliveries(at, STALLED_DELIVERY_GRACE_MS);
    await requeueStalledEmails(at);
    await compactBusyPackageCounts(await getDb());
    await foldPendingListChanges(await getDb());
    await deleteExpiredBlobWriteIntents(await getDb());
    const started = performance.now();
    const { vacuumed, analyzed } = await vacuumEmbeddedDatabase(await database());
    if (vacuumed.length || analyzed.length) logger().info({ vacuumed, analyzed, ms: Math.round(performance.now() - started) }, "embedded database tables vacuumed or analyzed");
    await recordScheduledRunSuccess(DUE_WORK_JOB, now());
  },
});
