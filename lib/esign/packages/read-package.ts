import { asc, eq, inArray } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import { approvals, documents, fields, roles, users } from "@/lib/db/schema";
import type {
  PackageStatus,
  PackageType,
  WireApproval,
  WireDocument,
  WireField,
  WirePackage,
  WireRole,
} from "@/lib/api/packages";
import { setIfPresent, wireDate, withoutNulls } from "@/lib/api/wire";
import { pointsToWire } from "@/lib/api/wire-units";
import { wireSettings } from "@/lib/api/package-settings";
import { requirementsOf, wireRequirement } from "@/lib/esign/signing/attachments/requirements";
import type { PackageRow } from "./find-package";

type RoleRow = typeof roles.$inferSelect;
type DocumentRow = typeof documents.$inferSelect;
type ApprovalRow = typeof approvals.$inferSelect;
type FieldRow = typeof fields.$inferSelect;

export function wireField(row: FieldRow): WireField {
  const field: WireField = {
    id: row.id,
    name: row.name,
    type: row.type,
    subtype: row.subtype,
    page: row.page,
    top: pointsToWire(row.top),
    left: pointsToWire(row.left),
    width: pointsToWire(row.width),
    height: pointsToWire(row.height),
    value: row.value,
    extract: row.extract,
    data: row.data,
  };
  setIfPresent(field, "binding", row.binding);
  setIfPresent(field, "validation", row.validation ? withoutNulls(row.validation) : null);
  return field;
}

export function wireApproval(row: ApprovalRow, approvalFields: FieldRow[]): WireApproval {
  const approval: WireApproval = {
    id: row.id,
    role: row.roleId,
    name: row.name,
    optional: row.optional,
    enforceCaptureSignature: row.enforceCaptureSignature,
    fields: approvalFields.map(wireField),
    data: row.data,
  };
  setIfPresent(approval, "accepted", row.accepted);
  setIfPresent(approval, "signed", row.signed);
  return approval;
}

export function wireRole(row: RoleRow): WireRole {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    index: row.index,
    reassign: row.reassign,
    locked: row.locked,
    emailMessage: { content: row.emailMessage },
    attachmentRequirements: requirementsOf(row).map(wireRequirement),
    signers: row.signer ? [withoutNulls(row.signer)] : [],
    data: row.data,
  };
}

export function wireDocument(row: DocumentRow, documentApprovals: WireApproval[]): WireDocument {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    index: row.index,
    size: row.size,
    extract: row.extract,
    extractionTypes: row.extractionTypes,
    pages: row.pages.map((page) => ({ id: `${row.id}-${page.index}`, index: page.index, version: 1, top: 0, left: 0, width: pointsToWire(page.width), height: pointsToWire(page.height) })),
    approvals: documentApprovals,
    fields: [],
    data: row.data,
  };
}

const byPosition = <T extends { position: number }>(a: T, b: T) => a.position - b.position;

/** Roles in signing order (index), insertion order among equals. */
export async function readRoles(db: Queryable, packageId: string): Promise<WireRole[]> {
  const rows = await db.select().from(roles).where(eq(roles.packageId, packageId)).orderBy(asc(roles.index), asc(roles.position));
  return rows.map(wireRole);
}

/** Documents in index order with their approvals and fields. */
export async function readDocuments(db: Queryable, packageId: string): Promise<WireDocument[]> {
  // One after the other: `db` may be a transaction, whose single connection takes one query at a time.
  const documentRows = await db.select().from(documents).where(eq(documents.packageId, packageId)).orderBy(asc(documents.index), asc(documents.position));
  const approvalRows = await db.select().from(approvals).where(eq(approvals.packageId, packageId));
  const fieldRows = await db.select().from(fields).where(eq(fields.packageId, packageId));
  const fieldsByApproval = new Map<string, FieldRow[]>();
  for (const field of fieldRows.sort(byPosition)) {
    const key = `${field.documentId}\u0000${field.approvalId}`;
    fieldsByApproval.set(key, [...(fieldsByApproval.get(key) ?? []), field]);
  }
  const approvalsByDocument = new Map<string, WireApproval[]>();
  for (const approval of approvalRows.sort(byPosition)) {
    const wire = wireApproval(approval, fieldsByApproval.get(`${approval.documentId}\u0000${approval.id}`) ?? []);
    approvalsByDocument.set(approval.documentId, [...(approvalsByDocument.get(approval.documentId) ?? []), wire]);
  }
  return documentRows.map((row) => wireDocument(row, approvalsByDocument.get(row.id) ?? []));
}

async function readSenders(db: Queryable, userIds: string[]) {
  if (userIds.length === 0) return new Map<string, typeof users.$inferSelect>();
  const rows = await db.select().from(users).where(inArray(users.id, userIds));
  return new Map(rows.map((row) => [row.id, row]));
}

/** The package summary as in lists: everything but documents' approvals and roles' details are still included. */
export function wirePackage(
  row: PackageRow,
  sender: typeof users.$inferSelect | undefined,
  packageRoles: WireRole[],
  packageDocuments: WireDocument[],
): WirePackage {
  const wire: WirePackage = {
    id: row.id,
    name: row.name,
    description: row.description,
    type: row.type as PackageType,
    status: row.status as PackageStatus,
    trashed: row.trashed,
    language: row.language,
    autocomplete: row.autocomplete,
    visibility: row.visibility,
    emailMessage: row.emailMessage,
    timezoneId: row.timezoneId,
    settings: wireSettings(row.settings),
    sender: {
      id: row.ownerUserId,
      email: sender?.email ?? "",
      firstName: sender?.firstName ?? "",
      lastName: sender?.lastName ?? "",
      company: sender?.company ?? "",
      title: sender?.title ?? "",
    },
    roles: packageRoles,
    documents: packageDocuments,
    messages: [],
    data: row.data,
    created: wireDate(row.created),
    updated: wireDate(row.updated),
  };
  setIfPresent(wire, "due", row.due);
  setIfPresent(wire, "completed", row.completed);
  setIfPresent(wire, "purged", row.purged);
  return wire;
}

/** The whole package as `GET /api/packages/{id}` answers it. */
export async function readPackage(db: Queryable, row: PackageRow): Promise<WirePackage> {
  const packageRoles = await readRoles(db, row.id);
  const packageDocuments = await readDocuments(db, row.id);
  const senders = await readSenders(db, [row.ownerUserId]);
  return wirePackage(row, senders.get(row.ownerUserId), packageRoles, packageDocuments);
}

export { readSenders };
