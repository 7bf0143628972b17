import type { Db } from "@/lib/db/client";
import type { SenderAuthenticationTokenRequest, SenderAuthenticationTokenResponse } from "@/lib/api/signing-entry";
import type { Caller } from "@/lib/esign/accounts/caller";
import { issueDesignerToken } from "@/lib/esign/designer/designer-token";
import { conflict, forbidden } from "@/lib/esign/errors";
import { findPackage } from "@/lib/esign/packages/find-package";
import { assertSignableType } from "@/lib/esign/packages/package-status";
import { createSigningLink } from "@/lib/esign/signing/links/signing-links";
import { rolesWhoseTurnItIs } from "@/lib/esign/signing/turns";
import { isInPerson } from "./hosting";

/**
 * `POST /api/authenticationTokens/sender`. For a DRAFT: a token that opens the package's designer
 * (the console's builder of that one package) for its sender, as the original's
 * (lib/esign/designer/designer-token.ts). For a SENT package set for in-person signing: a token
 * with which its sender opens its ceremony on their own device to host it in person
 * (`/access?senderAuthenticationToken=<value>`), which needs transaction.in_person. Both single
 * use, for 30 minutes.
 */
export async function issueSenderToken(db: Db, caller: Caller, input: SenderAuthenticationTokenRequest): Promise<SenderAuthenticationTokenResponse> {
  return db.transaction(async (tx) => {
    const row = await findPackage(tx, caller, input.packageId);
    assertSignableType(row.type);
    if (row.status === "DRAFT") return issueDesignerToken(tx, caller, row);
    if (!caller.permissions.has("transaction.in_person")) throw forbidden("error.forbidden.noPermission", "This action needs the permission transaction.in_person.");
    if (row.ownerUserId !== caller.user.id) throw forbidden("error.forbidden.notPackageSender", "Only the package's sender can host its signing in person.");
    if (row.trashed) throw conflict("error.conflict.packageTrashed", "The package is in the trash; restore it before hosting its signing.");
    if (row.status !== "SENT") {
      throw conflict("error.conflict.packageNotSent", `The package is ${row.status}: its designer opens only for a DRAFT, and in-person signing is hosted only while it is out for signing (SENT).`);
    }
    if (!isInPerson(row)) {
      throw conflict("error.conflict.notInPerson", "The package is not set for in-person signing: set settings.ceremony.inPerson to true to host it.");
    }
    // The row names the signer first in line now; redeeming picks whoever's turn it is then.
    const [first] = await rolesWhoseTurnItIs(tx, row.id);
    if (!first) throw conflict("error.conflict.signersFinished", "Every signer has finished: there is nothing left to sign in person.");
    const value = await createSigningLink(tx, { packageId: row.id, roleId: first, kind: "HOST", hostUserId: caller.user.id });
    return { packageId: row.id, value };
  });
}
