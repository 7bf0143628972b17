import { eq } from "drizzle-orm";
import type { Db, Queryable } from "@/lib/db/client";
import { roles } from "@/lib/db/schema";
import type { SignerAuthenticationTokenRequest, SignerAuthenticationTokenResponse, SigningUrlResponse } from "@/lib/api/signing-entry";
import type { Caller } from "@/lib/esign/accounts/caller";
import { conflict, unprocessable } from "@/lib/esign/errors";
import { findPackage, type PackageRow } from "@/lib/esign/packages/find-package";
import { isSigningRole, roleNamedBy } from "@/lib/esign/packages/package-content";
import { assertSignableType } from "@/lib/esign/packages/package-status";
import { roleNotFound } from "@/lib/esign/roles/role-changes";
import { createSigningLink, signingUrlOf } from "./signing-links";

/** Signing links exist only for a package (never a template or layout) out for signing; a draft is refused with what to do. */
export function assertOutForSigning(row: PackageRow): void {
  assertSignableType(row.type);
  if (row.trashed) throw conflict("error.conflict.packageTrashed", "The package is in the trash; restore it before asking for a signing link.");
  if (row.status === "DRAFT") {
    throw conflict("error.conflict.packageNotSent", "The package is a DRAFT: signing links exist only once it is sent. Send it first (status SENT).");
  }
  if (row.status !== "SENT") {
    throw conflict("error.conflict.packageNotSent", `The package is ${row.status}: signing links exist only while it is out for signing (SENT).`);
  }
}

/**
 * The signing role named by `id`: its role id, the id of its signer (the same unless the client
 * chose one), as the SDKs call it `signerId`, or its signer's e-mail (the SDKs name the sender so). 404 for none; 422 for the sender's role
 * when the sender does not sign.
 */
export async function findSigningRole(db: Queryable, packageId: string, id: string) {
  const rows = await db.select().from(roles).where(eq(roles.packageId, packageId));
  const role = roleNamedBy(rows, id);
  if (!role) throw roleNotFound(id);
  if (!isSigningRole(role)) {
    throw unprocessable("error.validation.roleNotSigner", `The role ${id} is the sender's and does not sign; only a signer has a signing link.`);
  }
  return role;
}

/**
 * `POST /api/authenticationTokens/signer/multiUse` and `.../singleUse`: a token that opens the
 * ceremony of one signer of a package the caller may read, sent and not in the trash.
 */
export async function issueSignerToken(
  db: Db,
  caller: Caller,
  input: SignerAuthenticationTokenRequest,
  kind: "MULTI_USE" | "SINGLE_USE",
): Promise<SignerAuthenticationTokenResponse> {
  return db.transaction(async (tx) => {
    const row = await findPackage(tx, caller, input.packageId);
    assertOutForSigning(row);
    const role = await findSigningRole(tx, row.id, input.signerId);
    const value = await createSigningLink(tx, { packageId: row.id, roleId: role.id, kind });
    return { packageId: row.id, signerId: input.signerId, value };
  });
}

/** `GET /api/packages/{packageId}/roles/{roleId}/signingUrl`: a fresh multi-use link into the role's ceremony. */
export async function roleSigningUrl(db: Db, caller: Caller, packageId: string, roleId: string): Promise<SigningUrlResponse> {
  return db.transaction(async (tx) => {
    const row = await findPackage(tx, caller, packageId);
    assertOutForSigning(row);
    const role = await findSigningRole(tx, row.id, roleId);
    const token = await createSigningLink(tx, { packageId: row.id, roleId: role.id, kind: "MULTI_USE" });
    return { packageId: row.id, roleId: role.id, url: signingUrlOf(token) };
  });
}
