import { and, eq } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import { approvals, documents, roles, roleSigningStates } from "@/lib/db/schema";
import type { SigningStatus, SigningStatusQuery } from "@/lib/api/signing-entry";
import type { Caller } from "@/lib/esign/accounts/caller";
import { documentNotFound } from "@/lib/esign/documents/document-changes";
import { findPackage } from "@/lib/esign/packages/find-package";
import { isSigningRole } from "@/lib/esign/packages/package-content";
import { findSigningRole } from "./links/role-signing-links";

type ApprovalState = Pick<typeof approvals.$inferSelect, "documentId" | "roleId" | "optional" | "signed" | "accepted">;

/**
 * An approval is done when signed or accepted, when its signer's completion is recorded, or when
 * it is optional, left blank by a signer who has finished.
 */
function isDone(approval: ApprovalState, completed: Set<string>, finished: Set<string>): boolean {
  return Boolean(approval.signed || approval.accepted || completed.has(approval.roleId) || (approval.optional && finished.has(approval.roleId)));
}

/**
 * `GET /api/packages/{id}/signingStatus?signer=&document=` (compat notes): the package's status,
 * `DELETED` for a trashed one; while it is SENT, `SIGNING_COMPLETED` when every signer has
 * finished, else `SIGNING_PENDING`. With `signer` (a role id) the question is whether that signer
 * has finished; with `document`, whether every approval on it (of that signer, when given) is done.
 */
export async function signingStatusOf(db: Queryable, caller: Caller, packageId: string, query: SigningStatusQuery): Promise<SigningStatus> {
  const row = await findPackage(db, caller, packageId, { followers: true });
  const signer = query.signer ? await findSigningRole(db, packageId, query.signer) : null;
  if (query.document) {
    const [document] = await db
      .select({ id: documents.id })
      .from(documents)
      .where(and(eq(documents.packageId, packageId), eq(documents.id, query.document)));
    if (!document) throw documentNotFound(query.document);
  }
  if (row.trashed) return "DELETED";
  if (row.status !== "SENT") return row.status as SigningStatus;

  const all = await db
    .select({ documentId: approvals.documentId, roleId: approvals.roleId, optional: approvals.optional, signed: approvals.signed, accepted: approvals.accepted })
    .from(approvals)
    .where(eq(approvals.packageId, packageId));
  const states = await db
    .select({ roleId: roleSigningStates.roleId, completed: roleSigningStates.completed })
    .from(roleSigningStates)
    .where(eq(roleSigningStates.packageId, packageId));
  const completed = new Set(states.filter((state) => state.completed).map((state) => state.roleId));
  const signingRoleIds = signer ? [signer.id] : await allSigningRoleIds(db, packageId);
  // A role has finished when its completion is recorded: signing every approval is not enough
  // while a required attachment is still owed.
  const finished = new Set(signingRoleIds.filter((roleId) => completed.has(roleId)));

  let done: boolean;
  if (query.document) {
    const concerned = all.filter((a) => a.documentId === query.document && (!signer || a.roleId === signer.id));
    done = concerned.every((a) => isDone(a, completed, finished));
  } else {
    done = signingRoleIds.every((roleId) => finished.has(roleId));
  }
  return done ? "SIGNING_COMPLETED" : "SIGNING_PENDING";
}

async function allSigningRoleIds(db: Queryable, packageId: string): Promise<string[]> {
  const rows = await db.select({ id: roles.id, type: roles.type }).from(roles).where(eq(roles.packageId, packageId));
  return rows.filter(isSigningRole).map((role) => role.id);
}
