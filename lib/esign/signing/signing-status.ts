import { and, eq } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import { approvals, documents, roles, roleSigningStates } from "@/lib/db/schema";
import type { SigningStatus, SigningStatusQuery } from "@/lib/api/signing-entry";
import type { Caller } from "@/lib/esign/accounts/caller";
import { documentNotFound } from "@/lib/esign/documents/document-changes";
import { findPackage } from "@/lib/esign/packages/find-package";
import { isSigningRole } from "@/lib/esign/packages/package-content";
import { findSigningRole } from "./links/role-signing-links";

type ApprovalState = Pick<typeof approvals.$inferSelect, "roleId" | "signed" | "accepted">;

/**
 * An approval is done when signed or accepted, or when its signer's completion is recorded (an
 * optional one left blank by a signer who has finished included).
 */
function isDone(approval: ApprovalState, completed: Set<string>): boolean {
  return Boolean(approval.signed || approval.accepted || completed.has(approval.roleId));
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

  const states = await db
    .select({ roleId: roleSigningStates.roleId, completed: roleSigningStates.completed })
    .from(roleSigningStates)
    .where(eq(roleSigningStates.packageId, packageId));
  // A role has finished when its completion is recorded: signing every approval is not enough
  // while a required attachment is still owed.
  const completed = new Set(states.filter((state) => state.completed).map((state) => state.roleId));

  let done: boolean;
  if (query.document) {
    const concerned = await db
      .select({ roleId: approvals.roleId, signed: approvals.signed, accepted: approvals.accepted })
      .from(approvals)
      .where(and(eq(approvals.packageId, packageId), eq(approvals.documentId, query.document), signer ? eq(approvals.roleId, signer.id) : undefined));
    done = concerned.every((approval) => isDone(approval, completed));
  } else {
    const signingRoleIds = signer ? [signer.id] : await allSigningRoleIds(db, packageId);
    done = signingRoleIds.every((roleId) => completed.has(roleId));
  }
  return done ? "SIGNING_COMPLETED" : "SIGNING_PENDING";
}

async function allSigningRoleIds(db: Queryable, packageId: string): Promise<string[]> {
  const rows = await db.select({ id: roles.id, signs: roles.signs }).from(roles).where(eq(roles.packageId, packageId));
  return rows.filter(isSigningRole).map((role) => role.id);
}
