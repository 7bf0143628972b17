import type { Queryable } from "@/lib/db/client";
import type { WireApproval, WireDocument, WireField, WirePackage, WireRole } from "@/lib/api/packages";
import type { Caller } from "@/lib/esign/accounts/caller";
import { readApproval, readApprovals, readField, readFields, readSignableApprovals } from "@/lib/esign/approvals/approval-changes";
import { readDocument } from "@/lib/esign/documents/document-changes";
import { readRole } from "@/lib/esign/roles/role-changes";
import { referencedConditions, type ReferencedConditions } from "./conditions";
import { findPackage, type PackageRow } from "./find-package";
import { packageAlerts } from "./package-alerts";
import { readDocuments, readPackage, readRoles, type PackageReader } from "./read-package";

/**
 * The read use cases of a package and its parts. Each one checks that the caller may see the
 * package first (404 otherwise), so no route can forget to.
 */

/** Signers and members of signing groups may read these two to follow the package (spec 2.9 rule 5). */
export async function getPackage(db: Queryable, caller: Caller, packageId: string, extensions: { alerts?: boolean } = {}): Promise<WirePackage> {
  const row = await findPackage(db, caller, packageId, { followers: true });
  const pkg = await readPackage(db, row, readerOf(caller, row));
  return extensions.alerts ? { ...pkg, alerts: await packageAlerts(db, packageId) } : pkg;
}

export async function getRoles(db: Queryable, caller: Caller, packageId: string): Promise<WireRole[]> {
  const row = await findPackage(db, caller, packageId, { followers: true });
  return readRoles(db, packageId, readerOf(caller, row));
}

export async function getRole(db: Queryable, caller: Caller, packageId: string, roleId: string): Promise<WireRole> {
  const row = await findPackage(db, caller, packageId);
  return readRole(db, packageId, roleId, readerOf(caller, row));
}

/** The package's owner wrote its signers' security answers and reads the unmasked ones back; no one else does. */
function readerOf(caller: Caller, row: PackageRow): PackageReader {
  return { withAnswers: row.ownerUserId === caller.user.id };
}

export async function getDocuments(db: Queryable, caller: Caller, packageId: string): Promise<WireDocument[]> {
  await findPackage(db, caller, packageId);
  return readDocuments(db, packageId);
}

export async function getDocument(db: Queryable, caller: Caller, packageId: string, documentId: string): Promise<WireDocument> {
  await findPackage(db, caller, packageId);
  return readDocument(db, packageId, documentId);
}

type DocumentKey = { packageId: string; documentId: string };

export async function getApprovals(db: Queryable, caller: Caller, key: DocumentKey): Promise<WireApproval[]> {
  await findPackage(db, caller, key.packageId);
  return readApprovals(db, key);
}

export async function getApproval(db: Queryable, caller: Caller, key: DocumentKey, approvalId: string): Promise<WireApproval> {
  await findPackage(db, caller, key.packageId);
  return readApproval(db, key, approvalId);
}

export async function getFields(db: Queryable, caller: Caller, key: DocumentKey, approvalId: string): Promise<WireField[]> {
  await findPackage(db, caller, key.packageId);
  return readFields(db, key, approvalId);
}

export async function getField(db: Queryable, caller: Caller, key: DocumentKey, approvalId: string, fieldId: string): Promise<WireField> {
  await findPackage(db, caller, key.packageId);
  return readField(db, key, approvalId, fieldId);
}

/** `GET /api/packages/{id}/referencedConditions`: see conditions.ts. */
export async function getReferencedConditions(db: Queryable, caller: Caller, packageId: string, filter: { documentId?: string; fieldId?: string }): Promise<ReferencedConditions> {
  const pkg = await findPackage(db, caller, packageId);
  return referencedConditions(pkg.id, pkg.conditions, filter);
}

export async function getSignableApprovals(db: Queryable, caller: Caller, key: DocumentKey, signerId: string): Promise<WireApproval[]> {
  await findPackage(db, caller, key.packageId);
  return readSignableApprovals(db, key, signerId);
}
