import { eq } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import { roles, roleSigningStates } from "@/lib/db/schema";
import { isSigningRole } from "@/lib/esign/packages/package-content";
import { rolesWhoseTurnItIs, type RoleTurn } from "./signing-rules";

/** The package's signing roles with their index and whether they finished. */
export async function roleTurns(tx: Queryable, packageId: string): Promise<(RoleTurn & { name: string })[]> {
  const roleRows = await tx.select().from(roles).where(eq(roles.packageId, packageId));
  const states = await tx.select().from(roleSigningStates).where(eq(roleSigningStates.packageId, packageId));
  const completed = new Set(states.filter((state) => state.completed).map((state) => state.roleId));
  return roleRows.filter(isSigningRole).map((role) => ({
    id: role.id,
    index: role.index,
    completed: completed.has(role.id),
    name: [role.signer?.firstName, role.signer?.lastName].filter(Boolean).join(" ") || role.id,
  }));
}

/** Spec 3.3: whether the role may sign now, and who it waits for otherwise. */
export async function turnOf(tx: Queryable, packageId: string, roleId: string): Promise<{ mayStart: boolean; waitingFor: string[] }> {
  const turns = await roleTurns(tx, packageId);
  const now = rolesWhoseTurnItIs(turns);
  if (now.includes(roleId)) return { mayStart: true, waitingFor: [] };
  return { mayStart: false, waitingFor: turns.filter((turn) => now.includes(turn.id)).map((turn) => turn.name) };
}
