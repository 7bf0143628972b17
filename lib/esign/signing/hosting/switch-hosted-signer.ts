import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { packages, signingSessions } from "@/lib/db/schema";
import { conflict, forbidden, notFound } from "@/lib/esign/errors";
import { ceremonyView } from "@/lib/esign/signing/ceremony/ceremony-view";
import { loadSignerContext } from "@/lib/esign/signing/ceremony/signer-context";
import { roleTurns, turnIn } from "@/lib/esign/signing/ceremony/turn";
import type { SigningSession } from "@/lib/esign/signing/session";
import { roleNotFound } from "@/lib/esign/roles/role-changes";
import { recordHostedSigner } from "./hosting";

/**
 * `POST /api/signing/{packageId}/host/signer`: the sender hosting in person hands the device to
 * another signer. Only in a hosted session, and only to a signer whose turn it is (spec 3.3) and
 * who has not finished; answers the ceremony view as that signer.
 */
export async function switchHostedSigner(db: Db, session: SigningSession, roleId: string) {
  const hostUserId = session.hostUserId;
  if (!hostUserId) throw forbidden("error.forbidden.notHosted", "Only a ceremony the sender hosts in person can change signers.");
  return db.transaction(async (tx) => {
    // Locked as for every ceremony action: turns do not move while the device changes hands.
    const [pkg] = await tx.select().from(packages).where(eq(packages.id, session.packageId)).for("no key update");
    if (!pkg) throw notFound("error.notFound.packageNotFound", "This package no longer exists.");
    const turns = await roleTurns(tx, pkg.id);
    const target = turns.find((turn) => turn.id === roleId);
    if (!target) throw roleNotFound(roleId);
    if (target.completed) throw conflict("error.conflict.signerCompleted", `${target.name} has already finished signing.`);
    const turn = turnIn(turns, roleId);
    if (!turn.mayStart) throw conflict("error.conflict.notYourTurn", `It is not ${target.name}'s turn to sign yet: waiting for ${turn.waitingFor.join(", ")}.`);

    const context = await loadSignerContext(tx, { ...session, roleId }, false);
    if (roleId !== session.roleId) {
      await tx.update(signingSessions).set({ roleId }).where(eq(signingSessions.id, session.id));
      await recordHostedSigner(tx, { pkg, hostUserId, role: context.role, ipAddress: session.ipAddress, userAgent: session.userAgent });
    }
    return ceremonyView(tx, context);
  });
}
