import type { DatabaseKind } from "./environments";

/** One line of the bench table (and of bench/results/latest.json). */
export interface Target {
  metric: string;
  below: number;
  text: string;
}

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
  return { ...result, status: value < result.target.below ? "PASS" : "MISS" };
}
