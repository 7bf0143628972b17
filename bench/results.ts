import type { DatabaseKind } from "./environments";

/** The metric passes below `below`, or at `atLeast` and above (a rate). */
export type Target = { metric: string; text: string } & ({ below: number } | { atLeast: number });

/** One line of the bench table (and of bench/results/latest.json). */
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
  const passes = "below" in result.target ? value < result.target.below : value >= result.target.atLeast;
  return { ...result, status: passes ? "PASS" : "MISS" };
}
