import { and, eq } from "drizzle-orm";
import type { Db, Queryable } from "@/lib/db/client";
import { accountMemberships, verificationTypeActivations } from "@/lib/db/schema";
import type { VerificationTypeCatalogueEntry, VerificationTypeCatalogueResponse, VerificationTypesResponse } from "@/lib/api/verification";
import type { Caller } from "@/lib/esign/accounts/caller";
import { recordAccountEvent } from "@/lib/esign/audit/record-event";
import { now } from "@/lib/esign/clock";
import { notFound, unprocessable } from "@/lib/esign/errors";
import { findVerificationType, isBuiltIn, VERIFICATION_TYPES, type VerificationType } from "./verification-types";

/** Which verification types an account may attach to its signers, and how its owner changes that. */

/** The ids of the types activated for the account: the built-in ones and those it activated. */
export async function activatedTypeIds(db: Queryable, accountId: string): Promise<Set<string>> {
  const rows = await db
    .select({ typeId: verificationTypeActivations.typeId })
    .from(verificationTypeActivations)
    .where(eq(verificationTypeActivations.accountId, accountId));
  return new Set([...VERIFICATION_TYPES.filter(isBuiltIn).map((type) => type.id), ...rows.map((row) => row.typeId)]);
}

function catalogueEntry(type: VerificationType, activated: Set<string>): VerificationTypeCatalogueEntry {
  return {
    id: type.id,
    name: type.name,
    method: type.method,
    activated: activated.has(type.id),
    needsExternalProvider: type.needsExternalProvider,
    builtIn: isBuiltIn(type),
  };
}

function knownType(typeId: string): VerificationType {
  const type = findVerificationType(typeId);
  if (!type) throw notFound("error.notFound.verificationTypeNotFound", `There is no verification type ${typeId}.`);
  return type;
}

/**
 * `GET /api/account/{accountId}/verificationTypes`: the types activated for the account, in
 * catalogue order: the account named when the caller's user is a member of it (an accessible
 * account), else the account the credential acts in. The original service does not read the id
 * (its Java SDK sends the placeholder "dummyAccountId"), so an id naming nothing the caller may
 * see answers the caller's own account, never someone else's.
 */
export async function listActivatedVerificationTypes(db: Queryable, caller: Caller, accountId: string): Promise<VerificationTypesResponse> {
  const [accessible] = await db
    .select({ accountId: accountMemberships.accountId })
    .from(accountMemberships)
    .where(and(eq(accountMemberships.accountId, accountId), eq(accountMemberships.userId, caller.user.id)));
  const activated = await activatedTypeIds(db, accessible?.accountId ?? caller.account.id);
  const results = VERIFICATION_TYPES.filter((type) => activated.has(type.id)).map(({ id, name, method }) => ({ id, name, method }));
  return { results, count: results.length };
}

/** `GET /api/account/verificationTypes` (our extension): the whole catalogue, each marked activated or not. */
export async function listVerificationTypeCatalogue(db: Queryable, caller: Caller): Promise<VerificationTypeCatalogueResponse> {
  const activated = await activatedTypeIds(db, caller.account.id);
  const results = VERIFICATION_TYPES.map((type) => catalogueEntry(type, activated));
  return { results, count: results.length };
}

/** `PUT /api/account/verificationTypes/{typeId}` (our extension): idempotent; a built-in type is already activated. */
export async function activateVerificationType(db: Db, caller: Caller, typeId: string): Promise<VerificationTypeCatalogueEntry> {
  const type = knownType(typeId);
  return db.transaction(async (tx) => {
    if (!isBuiltIn(type)) {
      const inserted = await tx
        .insert(verificationTypeActivations)
        .values({ accountId: caller.account.id, typeId: type.id, created: now() })
        .onConflictDoNothing()
        .returning({ typeId: verificationTypeActivations.typeId });
      if (inserted.length > 0) await recordAccountEvent(tx, caller, "VERIFICATION_TYPE_ACTIVATE", `activated ${type.id} (${type.name})`);
    }
    return catalogueEntry(type, await activatedTypeIds(tx, caller.account.id));
  });
}

/**
 * `DELETE /api/account/verificationTypes/{typeId}` (our extension): idempotent. Verifications
 * already attached to roles stay; new ones of this type are refused.
 */
export async function deactivateVerificationType(db: Db, caller: Caller, typeId: string): Promise<void> {
  const type = knownType(typeId);
  if (isBuiltIn(type)) {
    throw unprocessable("error.validation.verificationTypeBuiltIn", `${type.id} is built in and always activated; it cannot be deactivated.`);
  }
  await db.transaction(async (tx) => {
    const deleted = await tx
      .delete(verificationTypeActivations)
      .where(and(eq(verificationTypeActivations.accountId, caller.account.id), eq(verificationTypeActivations.typeId, type.id)))
      .returning({ typeId: verificationTypeActivations.typeId });
    if (deleted.length > 0) await recordAccountEvent(tx, caller, "VERIFICATION_TYPE_DEACTIVATE", `deactivated ${type.id} (${type.name})`);
  });
}
