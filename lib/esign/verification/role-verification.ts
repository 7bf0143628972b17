import { and, eq } from "drizzle-orm";
import type { Db, Queryable } from "@/lib/db/client";
import { roles } from "@/lib/db/schema";
import type { RoleVerificationRequest, RoleVerificationResponse } from "@/lib/api/verification";
import type { Caller } from "@/lib/esign/accounts/caller";
import { unprocessable } from "@/lib/esign/errors";
import { findPackage } from "@/lib/esign/packages/find-package";
import { isSigningRole } from "@/lib/esign/packages/package-content";
import { changePackage } from "@/lib/esign/packages/package-change";
import { roleNotFound } from "@/lib/esign/roles/role-changes";
import { activatedTypeIds } from "./account-verification-types";
import { findVerificationType, VERIFICATION_TYPES } from "./verification-types";

/**
 * The external verification attached to a package's role (spec 2.5, 4.1):
 * `GET|POST|PUT|DELETE /api/packages/{packageId}/roles/{roleId}/verification`. Set and removed
 * only while the package is a DRAFT, like the rest of its content.
 */

const WHAT = "the signer verification";

async function findRole(db: Queryable, packageId: string, roleId: string) {
  const [row] = await db
    .select({ id: roles.id, type: roles.type, signs: roles.signs, verification: roles.verification })
    .from(roles)
    .where(and(eq(roles.packageId, packageId), eq(roles.id, roleId)));
  if (!row) throw roleNotFound(roleId);
  return row;
}

/** The catalogue id of `typeId` if the account has activated it; otherwise a 422 that names it. */
async function activatedTypeId(db: Queryable, accountId: string, typeId: string): Promise<string> {
  const activated = await activatedTypeIds(db, accountId);
  const available = VERIFICATION_TYPES.filter((type) => activated.has(type.id)).map((type) => type.id).join(", ");
  const type = findVerificationType(typeId);
  if (!type) {
    throw unprocessable(
      "error.validation.unknownVerificationType",
      `There is no verification type ${typeId}. The types activated for this account: ${available}.`,
    );
  }
  if (!activated.has(type.id)) {
    throw unprocessable(
      "error.validation.verificationTypeNotActivated",
      `The verification type ${type.id} is not activated for this account. The types activated for it: ${available}.`,
    );
  }
  return type.id;
}

/** `GET`: the role's verification, or null (204 on the wire) when none is attached. */
export async function getRoleVerification(
  db: Queryable,
  caller: Caller,
  packageId: string,
  roleId: string,
): Promise<RoleVerificationResponse | null> {
  await findPackage(db, caller, packageId);
  const role = await findRole(db, packageId, roleId);
  return role.verification ? { typeId: role.verification.typeId, payload: role.verification.payload } : null;
}

/** `POST` and `PUT` alike: attaches the verification to a signing role, replacing any it had. */
export async function setRoleVerification(
  db: Db,
  caller: Caller,
  packageId: string,
  roleId: string,
  input: RoleVerificationRequest,
): Promise<RoleVerificationResponse> {
  return changePackage(db, caller, packageId, WHAT, async ({ tx, record }) => {
    const role = await findRole(tx, packageId, roleId);
    if (!isSigningRole(role)) {
      throw unprocessable("error.validation.roleNotSigner", `The role ${roleId} is the sender's and does not sign; only a signer can be verified.`);
    }
    const verification = { typeId: await activatedTypeId(tx, caller.account.id, input.typeId), payload: input.payload };
    await tx.update(roles).set({ verification }).where(and(eq(roles.packageId, packageId), eq(roles.id, roleId)));
    // The payload may carry the signer's personal data: the audit trail names only the type.
    await record("ROLE_VERIFICATION_SET", { message: `role=${roleId} typeId=${verification.typeId}` });
    return verification;
  });
}

/** `DELETE`: idempotent; without a verification there is nothing to remove and no event. */
export async function deleteRoleVerification(db: Db, caller: Caller, packageId: string, roleId: string): Promise<void> {
  await changePackage(db, caller, packageId, WHAT, async ({ tx, record }) => {
    const role = await findRole(tx, packageId, roleId);
    if (!role.verification) return;
    await tx.update(roles).set({ verification: null }).where(and(eq(roles.packageId, packageId), eq(roles.id, roleId)));
    await record("ROLE_VERIFICATION_DELETE", { message: `role=${roleId} typeId=${role.verification.typeId}` });
  });
}
