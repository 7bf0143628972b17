import type { Tx } from "@/lib/db/client";
import { rolesWhoseTurnItIs } from "@/lib/esign/signing/ceremony/signing-rules";
import type { NamedRoleTurn } from "@/lib/esign/signing/ceremony/turn";
import type { SigningSession } from "@/lib/esign/signing/session";
import { hostName } from "./hosting";

/**
 * The ceremony view's `host`: null unless the sender hosts the session in person; then who hosts,
 * and every signer (the package's `roleTurns`) in signing order.
 */
export async function hostView(tx: Tx, session: SigningSession, turns: NamedRoleTurn[]) {
  if (!session.hostUserId) return null;
  const now = new Set(rolesWhoseTurnItIs(turns));
  return {
    name: (await hostName(tx, session.hostUserId)).name,
    signers: turns.map((turn) => ({ roleId: turn.id, name: turn.name, index: turn.index, turn: now.has(turn.id), completed: turn.completed })),
  };
}
