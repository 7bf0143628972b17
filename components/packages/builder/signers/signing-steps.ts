import type { OrderChange, WireRole } from "@/lib/api/packages";

/**
 * The signing order as steps (spec 3.3): roles with the same index sign at the same time (one
 * step), steps sign one after another in index order. Pure functions, so the drag and drop
 * components only say where a signer went.
 */

/** Role ids grouped by index, lowest first; the roles keep the order they came in within a step. */
export function stepsOf(roles: Pick<WireRole, "id" | "index">[]): string[][] {
  const byIndex = new Map<number, string[]>();
  for (const role of roles) byIndex.set(role.index, [...(byIndex.get(role.index) ?? []), role.id]);
  return [...byIndex.entries()].sort(([a], [b]) => a - b).map(([, ids]) => ids);
}

/** Where a dragged signer may land: into an existing step, or into a new step at a position (0 = before the first). */
export type StepTarget = { kind: "step"; step: number } | { kind: "newStep"; before: number };

/** The steps after moving `roleId` to `target`; steps left empty disappear. */
export function moveToStep(steps: string[][], roleId: string, target: StepTarget): string[][] {
  const marked: (string[] | null)[] = steps.map((ids) => ids.filter((id) => id !== roleId));
  if (target.kind === "step") {
    marked[target.step] = [...(marked[target.step] ?? []), roleId];
  } else {
    marked.splice(target.before, 0, [roleId]);
  }
  return marked.filter((ids): ids is string[] => ids !== null && ids.length > 0);
}

/** The step a role is in (0-based), or -1. */
export function stepOfRole(steps: string[][], roleId: string): number {
  return steps.findIndex((ids) => ids.includes(roleId));
}

/** Indexes for the service, step 1 first: `[{id, index}]` for every role. */
export function orderOfSteps(steps: string[][]): OrderChange {
  return steps.flatMap((ids, step) => ids.map((id) => ({ id, index: step + 1 })));
}

/** Whether the move changes anything (same step, or a new step that would hold only it where it already is alone). */
export function changesOrder(steps: string[][], roleId: string, target: StepTarget): boolean {
  const next = moveToStep(steps, roleId, target);
  return JSON.stringify(next.map((ids) => [...ids].sort())) !== JSON.stringify(steps.map((ids) => [...ids].sort()));
}

/** The index a new role takes: a step of its own after the last. */
export function nextStepIndex(roles: Pick<WireRole, "index">[]): number {
  return roles.length ? Math.max(...roles.map((role) => role.index)) + 1 : 1;
}
