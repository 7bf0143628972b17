import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { database } from "@/lib/db/client";

/** A node of `EXPLAIN (ANALYZE, FORMAT JSON)`. */
export interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  /** How the node is run by its parent: "Outer", "Inner", "SubPlan", … */
  "Parent Relationship"?: string;
  "Actual Rows": number;
  "Actual Loops": number;
  Plans?: PlanNode[];
}

/** The plan of a query as it runs (EXPLAIN ANALYZE executes it: a FOR UPDATE takes its locks for the statement). */
export async function explainAnalyze(query: { toSQL(): { sql: string; params: unknown[] } }): Promise<PlanNode> {
  const { sql, params } = query.toSQL();
  const { rows } = await (await database()).executeSql(`explain (analyze, format json) ${sql}`, params);
  return (rows[0] as { "QUERY PLAN": { Plan: PlanNode }[] })["QUERY PLAN"][0].Plan;
}

/** The plan of a statement written as SQL, as it runs. */
export function explainAnalyzeSql(statement: SQL): Promise<PlanNode> {
  return explainAnalyze({ toSQL: () => new PgDialect({ casing: "snake_case" }).sqlToQuery(statement) });
}

/** Every node of the plan, depth first. */
export function planNodes(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(planNodes)];
}

/** Rows the scans of `table` returned, over all their loops. */
export function rowsReadFrom(node: PlanNode, table: string): number {
  return planNodes(node)
    .filter((each) => each["Relation Name"] === table)
    .reduce((sum, each) => sum + each["Actual Rows"] * each["Actual Loops"], 0);
}
