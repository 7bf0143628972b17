/** Small timing helpers for the benchmarks: samples in milliseconds. */

/** Linear interpolation between closest ranks (as numpy's default); `p` in 0..100. */
export function percentile(samples: number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = (p / 100) * (sorted.length - 1);
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  return sorted[low] + (sorted[high] - sorted[low]) * (rank - low);
}

export const median = (samples: number[]) => percentile(samples, 50);

export interface LoopResult {
  samples: number[];
  /** Wall time of the whole measured loop, setup of each iteration excluded. */
  wallMs: number;
  /** CPU time of this process (user + system) over the timed iterations: with PGlite, the database's too. */
  cpuMs: number;
}

/**
 * Runs `body` sequentially: at least `minIterations`, then more while under `budgetMs` of
 * measured time, never more than `maxIterations`. `prepare` runs untimed before each iteration
 * (building a request body, say) and its result is passed to `body`.
 */
export async function measureLoop<T>(options: {
  minIterations: number;
  maxIterations: number;
  budgetMs: number;
  prepare: (i: number) => T | Promise<T>;
  /** Answers the time it measured itself (a request timed by another process, say), or nothing to be timed here. */
  body: (input: T, i: number) => Promise<void | number>;
}): Promise<LoopResult> {
  const samples: number[] = [];
  let wallMs = 0;
  let cpuMicros = 0;
  for (let i = 0; i < options.maxIterations; i++) {
    if (i >= options.minIterations && wallMs >= options.budgetMs) break;
    const input = await options.prepare(i);
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    const measured = await options.body(input, i);
    const took = typeof measured === "number" ? measured : performance.now() - started;
    const cpu = process.cpuUsage(cpuBefore);
    cpuMicros += cpu.user + cpu.system;
    samples.push(took);
    wallMs += took;
  }
  return { samples, wallMs, cpuMs: cpuMicros / 1000 };
}

export const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;
