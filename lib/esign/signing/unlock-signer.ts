import { and, eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { roleSigningStates } from "@/lib/db/schema";
import type { WireRole } from "@/lib/api/packages";
import type { Caller } from "@/lib/esign/accounts/caller";
import { changePackage } from "@/lib/esign/packages/package-change";
import { readRole } from "@/lib/esign/roles/role-changes";
import { findSigningRole } from "./links/role-signing-links";

/**
 * `POST /api/packages/{packageId}/roles/{roleId}/unlock`: the package's sender lets a signer who
 * was locked out (SIGNER_LOCKED, after too many wrong one-time codes or security answers) try again, with a fresh
 * count of attempts. Unlocking a signer who is not locked changes nothing, whatever the package's
 * state (the original's SDK unlocks a signer it has just added to a draft). Answers the role.
 */
export async function unlockSigner(db: Db, caller: Caller, packageId: string, roleId: string): Promise<WireRole> {
  return changePackage(
    db,
    caller,
    packageId,
    "its signers",
    async ({ tx, record }) => {
      const role = await findSigningRole(tx, packageId, roleId);
      const where = and(eq(roleSigningStates.packageId, packageId), eq(roleSigningStates.roleId, role.id));
      const [state] = await tx.select({ signerLocked: roleSigningStates.signerLocked }).from(roleSigningStates).where(where).for("update");
      if (state?.signerLocked) {
        await tx.update(roleSigningStates).set({ signerLocked: null, otpFailedAttempts: 0 }).where(where);
        await record("SIGNER_UNLOCK", { message: `role=${role.id}` });
      }
      return readRole(tx, packageId, role.id);
    },
    { allowed: "anyButTrash" },
  );
}
