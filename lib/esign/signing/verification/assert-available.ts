import { and, eq, isNotNull } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import { roles, roleSigningStates } from "@/lib/db/schema";
import { unprocessable } from "@/lib/esign/errors";
import { isSigningRole } from "@/lib/esign/packages/package-content";
import { missingSmsSettings } from "@/lib/config";
import { requiredScheme } from "@/lib/esign/signing/authentication/signer-auth";
import { findVerificationType } from "@/lib/esign/verification/verification-types";
import { availableVerificationTypeIds, isVerificationAvailable } from "./providers";

function describeType(typeId: string): string {
  const type = findVerificationType(typeId);
  return type ? `${type.id} (${type.name})` : typeId;
}

/**
 * Refuses (422) to send a package whose signer carries a verification nobody can perform here:
 * an external type with no provider configured. The message names each such role and its type.
 * Call it in the sending transaction, before the package becomes SENT.
 */
export async function assertVerificationsAvailable(tx: Queryable, packageId: string): Promise<void> {
  const verified = await tx
    .select({ id: roles.id, type: roles.type, signs: roles.signs, verification: roles.verification })
    .from(roles)
    .where(and(eq(roles.packageId, packageId), isNotNull(roles.verification)))
    .orderBy(roles.position);
  const missing = verified.filter((role) => isSigningRole(role) && role.verification && !isVerificationAvailable(role.verification.typeId));
  if (missing.length === 0) return;
  const which = missing.map((role) => `role "${role.id}" must be verified with ${describeType(role.verification!.typeId)}`).join("; ");
  throw unprocessable(
    "error.validation.verificationProviderMissing",
    `The package cannot be sent: ${which}, but no provider for that verification is configured on this service. ` +
      `Remove the verification or choose one of: ${availableVerificationTypeIds().join(", ")}.`,
  );
}

/**
 * Refuses (422) to send a package whose signer must be authenticated by a text message while no
 * SMS provider is configured (the settings may have been removed since the signer was added).
 */
export async function assertSignerAuthenticationsAvailable(tx: Queryable, packageId: string): Promise<void> {
  const missing = missingSmsSettings();
  if (missing.length === 0) return;
  const rows = await tx.select({ id: roles.id, type: roles.type, signs: roles.signs, signer: roles.signer }).from(roles).where(eq(roles.packageId, packageId)).orderBy(roles.position);
  const bySms = rows.filter((role) => isSigningRole(role) && requiredScheme(role.signer?.auth) === "SMS").map((role) => `"${role.id}"`);
  if (bySms.length === 0) return;
  throw unprocessable(
    "error.validation.signerAuthenticationProviderMissing",
    `The package cannot be sent: the signer of role ${bySms.join(", ")} must be authenticated by a code sent by text message (SMS), but no SMS provider is configured on this service. Set ${missing.join(", ")}, or choose CHALLENGE or NONE for that signer.`,
  );
}

/** True when the role has no verification attached, or its signer has passed it. */
export async function isRoleVerified(tx: Queryable, packageId: string, roleId: string): Promise<boolean> {
  const [row] = await tx
    .select({ verification: roles.verification, verified: roleSigningStates.verified })
    .from(roles)
    .leftJoin(roleSigningStates, and(eq(roleSigningStates.packageId, roles.packageId), eq(roleSigningStates.roleId, roles.id)))
    .where(and(eq(roles.packageId, packageId), eq(roles.id, roleId)));
  if (!row) return false;
  return !row.verification || row.verified !== null;
}
