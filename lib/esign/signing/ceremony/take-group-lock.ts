import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import { config } from "@/lib/config";
import type { Tx } from "@/lib/db/client";
import { roleSigningStates } from "@/lib/db/schema";
import { now } from "@/lib/esign/clock";
import { conflict } from "@/lib/esign/errors";
import type { SignerContext } from "./signer-context";

/**
 * Spec 2.9: first come, first served. The member takes (or renews) the group's lock unless another
 * member holds one that has not run out; one conditional UPDATE decides, so of two members opening
 * at the same instant exactly one gets it. It runs out after SIGNING_GROUP_LOCK_MINUTES idle.
 */
export async function takeGroupLock(tx: Tx, context: SignerContext): Promise<{ until: Date }> {
  if (!context.isGroup) throw conflict("error.conflict.notAGroup", "Only the members of a group signer take a lock.");
  const at = now();
  const until = new Date(at.getTime() + config().signingGroupLockMinutes * 60_000);
  const { packageId, roleId } = context.session;
  const [taken] = await tx
    .update(roleSigningStates)
    .set({ lockedByEmail: context.actorEmail, lockedByName: context.actorName, lockedUntil: until })
    .where(
      and(
        eq(roleSigningStates.packageId, packageId),
        eq(roleSigningStates.roleId, roleId),
        isNull(roleSigningStates.completed),
        or(isNull(roleSigningStates.lockedUntil), lt(roleSigningStates.lockedUntil, at), eq(roleSigningStates.lockedByEmail, context.actorEmail)),
      ),
    )
    .returning({ lockedUntil: roleSigningStates.lockedUntil });
  if (taken) return { until };
  const [current] = await tx
    .select({ name: roleSigningStates.lockedByName, completed: roleSigningStates.completed })
    .from(roleSigningStates)
    .where(and(eq(roleSigningStates.packageId, packageId), eq(roleSigningStates.roleId, roleId)));
  if (current?.completed) throw conflict("error.conflict.signerCompleted", "Your group has already signed this package.");
  throw conflict("error.conflict.groupLocked", `${current?.name ?? "Another member"} of your group is signing right now; try again when they have finished.`);
}

/** Gives the lock back (the member leaves, or the group finished). */
export async function releaseGroupLock(tx: Tx, packageId: string, roleId: string): Promise<void> {
  await tx
    .update(roleSigningStates)
    .set({ lockedByEmail: null, lockedByName: null, lockedUntil: sql`null` })
    .where(and(eq(roleSigningStates.packageId, packageId), eq(roleSigningStates.roleId, roleId)));
}
