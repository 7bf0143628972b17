import { and, eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { roleSigningStates } from "@/lib/db/schema";
import type { Caller } from "@/lib/esign/accounts/caller";
import { recordEvent } from "@/lib/esign/audit/record-event";
import { conflict, unprocessable } from "@/lib/esign/errors";
import { findPackageToChange } from "@/lib/esign/packages/find-package";
import { findPackageSender, senderName as nameOf } from "@/lib/esign/packages/package-content";
import { findSigningRole } from "./links/role-signing-links";
import { inviteRole, rolesWhoseTurnItIs } from "./turns";

/**
 * `POST /api/packages/{packageId}/roles/{roleId}/notifications` (OneSpan's "sends a notification
 * to the signers linked to a role"): the role's invitation e-mail again, with a new signing link,
 * to its signer (every member of a group signer). Only while the package is out for signing
 * (SENT, not in the trash), and only for a signer whose turn has come and who has not finished:
 * anyone else would get a link that does not open (409 with what stands in the way). Links sent
 * before keep working. Records SIGNER_REINVITE; answers the addresses written to.
 */
export async function resendInvitation(db: Db, caller: Caller, packageId: string, roleId: string): Promise<string[]> {
  return db.transaction(async (tx) => {
    // Locked: a signer finishing at the same moment is either seen finished or invited before it.
    const pkg = await findPackageToChange(tx, caller, packageId);
    const role = await findSigningRole(tx, pkg.id, roleId);
    if (pkg.trashed) throw conflict("error.conflict.packageTrashed", "The package is in the trash; restore it before sending an invitation.");
    if (pkg.status !== "SENT") {
      const why = pkg.status === "DRAFT" ? "it is a DRAFT: send it first" : `it is ${pkg.status}`;
      throw conflict("error.conflict.packageNotSent", `Invitations go out only while the package is out for signing (SENT); ${why}.`);
    }

    const [state] = await tx
      .select({ completed: roleSigningStates.completed, signerLocked: roleSigningStates.signerLocked })
      .from(roleSigningStates)
      .where(and(eq(roleSigningStates.packageId, pkg.id), eq(roleSigningStates.roleId, role.id)));
    if (state?.completed) {
      throw conflict("error.conflict.signerCompleted", `The signer of role ${role.id} has finished signing; there is nothing to invite them to.`);
    }
    if (!(await rolesWhoseTurnItIs(tx, pkg.id)).includes(role.id)) {
      throw conflict(
        "error.conflict.notSignersTurn",
        `It is not yet the turn of role ${role.id}: its signer is invited once the signers before them in the signing order have finished.`,
      );
    }
    if (state?.signerLocked) {
      throw conflict("error.conflict.signerLocked", `The signer of role ${role.id} is locked out after wrong one-time codes; unlock them first.`);
    }

    const sender = await findPackageSender(tx, pkg.ownerUserId);
    const recipients = await inviteRole(tx, pkg, role, sender ? nameOf(sender) : "");
    if (recipients.length === 0) {
      throw unprocessable("error.validation.noRecipients", `Role ${role.id} is signed by a group without members; add members to the group first.`);
    }
    const addresses = recipients.map((recipient) => recipient.email);
    await recordEvent(tx, {
      accountId: caller.account.id,
      packageId: pkg.id,
      name: "SIGNER_REINVITE",
      sessionUser: caller.user.id,
      ipAddress: caller.ipAddress,
      message: `Invitation sent again to ${addresses.join(", ")} (role ${role.id})`,
    });
    return addresses;
  });
}
