import { eq } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { scheduledJobRuns } from "@/lib/db/schema";

/** Records that a run of the scheduled job `name` finished at `at` (a later run of any instance replaces it). */
export async function recordScheduledRunSuccess(name: string, at: Date): Promise<void> {
  const db = await getDb();
  await db
    .insert(scheduledJobRuns)
    .values({ name, lastSuccess: at })
    .onConflictDoUpdate({ target: scheduledJobRuns.name, set: { lastSuccess: at } });
}

/** When a run of the scheduled job `name` last finished, on any instance; null before the first. */
export async function lastScheduledRunSuccess(name: string): Promise<Date | null> {
  const db = await getDb();
  const [row] = await db.select({ lastSuccess: scheduledJobRuns.lastSuccess }).from(scheduledJobRuns).where(eq(scheduledJobRuns.name, name));
  return row?.lastSuccess ?? null;
}
