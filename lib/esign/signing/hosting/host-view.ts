import type { Tx } from "@/lib/db/client";
import { rolesWhoseTurnItIs } from "@/lib/esign/signing/ceremony/signing-rules";
import { roleTurns } from "@/lib/esign/signing/ceremony/turn";
import type { SigningSession } from "@/lib/esign/signing/session";
import { hostName } from "./hosting";

/** The ceremony view's `host`: null unless the sender hosts the session in person; then who hosts, and every signer in signing order. */
export async function hostView(tx: Tx, session: SigningSession) {
  if (!session.hostUserId) return null;
  const turns = await roleTurns(tx, session.packageId);
  const now = new Set(rolesWhoseTurnItIs(turns));
  return {
    name: (await hostName(tx, session.hostUserId)).name,
    signers: turns.map((turn) => ({ roleId: turn.id, name: turn.name, index: turn.index, turn: now.has(turn.id), completed: turn.completed })),
  };
}
