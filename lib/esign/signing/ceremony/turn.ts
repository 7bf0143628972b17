import type { Queryable } from "@/lib/db/client";
import { signingRolesWithState } from "@/lib/esign/signing/turns";
import { rolesWhoseTurnItIs, type RoleTurn } from "./signing-rules";

export type NamedRoleTurn = RoleTurn & { name: string };

/** The package's signing roles with their index, whether they finished, and the name the others see. */
export async function roleTurns(tx: Queryable, packageId: string): Promise<NamedRoleTurn[]> {
  return (await signingRolesWithState(tx, packageId)).map(({ role, completed }) => ({
    id: role.id,
    index: role.index,
    completed: Boolean(completed),
    name: [role.signer?.firstName, role.signer?.lastName].filter(Boolean).join(" ") || role.id,
  }));
}

/** Spec 3.3 over the package's `roleTurns`: whether the role may sign now, and who it waits for otherwise. */
export function turnIn(turns: NamedRoleTurn[], roleId: string): { mayStart: boolean; waitingFor: string[] } {
  const now = rolesWhoseTurnItIs(turns);
  if (now.includes(roleId)) return { mayStart: true, waitingFor: [] };
  return { mayStart: false, waitingFor: turns.filter((turn) => now.includes(turn.id)).map((turn) => turn.name) };
}

/** Spec 3.3: whether the role may sign now, and who it waits for otherwise. */
export async function turnOf(tx: Queryable, packageId: string, roleId: string): Promise<{ mayStart: boolean; waitingFor: string[] }> {
  return turnIn(await roleTurns(tx, packageId), roleId);
}
