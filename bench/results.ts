import type { DatabaseKind } from "./environments";

/** One line of the bench table (and of bench/results/latest.json). */
/** The metric must stay below `below`, or reach at least `atLeast` (a rate). */
export type Target = { metric: string; text: string } & ({ below: number; atLeast?: never } | { atLeast: number; below?: never });

export interface BenchResult {
  benchmark: string;
  database: DatabaseKind | "none";
  metrics: Record<string, number>;
  summary: string;
  target: Target | null;
  status: "PASS" | "MISS" | "INFO" | "ERROR";
  error?: string;
}

/** A measured result, before it is judged against its target. */
export type Measured = Omit<BenchResult, "status">;

export function judged(result: Measured): BenchResult {
  if (!result.target) return { ...result, status: "INFO" };
  const value = result.metrics[result.target.metric];
  const met = result.target.atLeast !== undefined ? value >= result.target.atLeast : value < result.target.below;
  return { ...result, status: met ? "PASS" : "MISS" };
}
