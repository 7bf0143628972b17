import { performance } from "node:perf_hooks";

/**
 * Resolves once this thread has had an idle moment, `windowMs` in which it was busy less than half
 * the time, or after `maxMs` whatever comes. For work that can wait behind the requests being
 * answered (lib/server-start.ts), whichever way they came: requests that reached a server before
 * its start ran cannot be counted by it.
 */
export async function idleMoment(maxMs: number, windowMs = 20): Promise<void> {
  const deadline = performance.now() + maxMs;
  let before = performance.eventLoopUtilization();
  while (performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, Math.min(windowMs, Math.max(1, deadline - performance.now()))));
    const now = performance.eventLoopUtilization();
    if (performance.eventLoopUtilization(now, before).utilization < 0.5) return;
    before = now;
  }
}
