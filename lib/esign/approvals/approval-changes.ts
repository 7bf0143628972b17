import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { Db, Queryable, Tx } from "@/lib/db/client";
import type { PageSize } from "@/lib/esign/pdf/inspect-pdf";
import { approvals, fields, packages, roles } from "@/lib/db/schema";
import { insertRows } from "@/lib/db/insert-rows";
import type { ApprovalInput, ApprovalUpdate, ConditionalFieldInput, FieldInput, FieldUpdate, WireApproval, WireField } from "@/lib/api/packages";
import { fieldInput } from "@/lib/api/packages";
import { parseWith } from "@/lib/api/parse";
import type { Caller } from "@/lib/esign/accounts/caller";
import { CONSENT_DOCUMENT_ID } from "@/lib/esign/documents/consent-document-id";
import { findDocument } from "@/lib/esign/documents/document-changes";
import { badRequest, conflict, notFound } from "@/lib/esign/errors";
import { replaceFieldConditions, withConditionIds } from "@/lib/esign/packages/conditions";
import { changePackage } from "@/lib/esign/packages/package-change";
import { approvalRows, enlistSigningRoles, fieldRow, findRoleIds, roleNamedBy } from "@/lib/esign/packages/package-content";
import { approvalKey, fieldsByApproval, wireApproval, wireField } from "@/lib/esign/packages/read-package";

/**
 * Approvals (a role's place to sign or accept on a document) and their fields, which the
 * console's field placement edits one at a time. Positions are checked against the page sizes.
 */

const approvalNotFound = (approvalId: string) => notFound("error.notFound.approvalNotFound", `Approval ${approvalId} was not found on the document.`);
const fieldNotFound = (fieldId: string) => notFound("error.notFound.fieldNotFound", `Field ${fieldId} was not found in the approval.`);

type DocumentKey = { packageId: string; documentId: string };

async function findApproval(db: Queryable, key: DocumentKey, approvalId: string) {
  const [row] = await db
    .select()
    .from(approvals)
    .where(and(eq(approvals.packageId, key.packageId), eq(approvals.documentId, key.documentId), eq(approvals.id, approvalId)));
  if (!row) throw approvalNotFound(approvalId);
  return row;
}

async function fieldsOf(db: Queryable, key: DocumentKey, approvalId: string) {
  return db
    .select()
    .from(fields)
    .where(and(eq(fields.packageId, key.packageId), eq(fields.documentId, key.documentId), eq(fields.approvalId, approvalId)))
    .orderBy(asc(fields.position));
}

/** The approvals `rows` of one document with their fields, read in one statement (`db` may be a transaction, which runs one at a time). */
async function withFields(db: Queryable, key: DocumentKey, rows: (typeof approvals.$inferSelect)[]): Promise<WireApproval[]> {
  if (rows.length === 0) return [];
  const fieldRows = await db
    .select()
    .from(fields)
    .where(and(eq(fields.packageId, key.packageId), eq(fields.documentId, key.documentId), inArray(fields.approvalId, rows.map((row) => row.id))));
  const fieldsOfApproval = fieldsByApproval(fieldRows);
  return rows.map((row) => wireApproval(row, fieldsOfApproval.get(approvalKey(row.documentId, row.id)) ?? []));
}

export async function readApproval(db: Queryable, key: DocumentKey, approvalId: string): Promise<WireApproval> {
  return wireApproval(await findApproval(db, key, approvalId), await fieldsOf(db, key, approvalId));
}

export async function readApprovals(db: Queryable, key: DocumentKey): Promise<WireApproval[]> {
  await findDocument(db, key.packageId, key.documentId);
  const rows = await db
    .select()
    .from(approvals)
    .where(and(eq(approvals.packageId, key.packageId), eq(approvals.documentId, key.documentId)))
    .orderBy(asc(approvals.position));
  return withFields(db, key, rows);
}

/**
 * `GET .../documents/{documentId}/signers/{signerId}/approvals`: what the signer has yet to sign on
 * the document (disabled ones included, as the original lists them), the signer named by role id,
 * signer id or e-mail.
 */
export async function readSignableApprovals(db: Queryable, key: DocumentKey, signerId: string): Promise<WireApproval[]> {
  await findDocument(db, key.packageId, key.documentId);
  const packageRoles = await db.select().from(roles).where(eq(roles.packageId, key.packageId));
  const role = roleNamedBy(packageRoles, signerId);
  if (!role) throw notFound("error.notFound.roleNotFound", `Signer ${signerId} was not found in the package.`);
  const rows = await db
    .select()
    .from(approvals)
    .where(and(eq(approvals.packageId, key.packageId), eq(approvals.documentId, key.documentId), eq(approvals.roleId, role.id), isNull(approvals.signed), isNull(approvals.accepted)))
    .orderBy(asc(approvals.position));
  return withFields(db, key, rows);
}

export async function readFields(db: Queryable, key: DocumentKey, approvalId: string): Promise<WireField[]> {
  await findApproval(db, key, approvalId);
  return (await fieldsOf(db, key, approvalId)).map(wireField);
}

export async function readField(db: Queryable, key: DocumentKey, approvalId: string, fieldId: string): Promise<WireField> {
  const field = (await fieldsOf(db, key, approvalId)).find((row) => row.id === fieldId);
  if (!field) throw fieldNotFound(fieldId);
  return wireField(field);
}

function nextPosition(rows: { position: number }[]): number {
  return rows.reduce((max, row) => Math.max(max, row.position + 1), 0);
}

/** Every document takes approvals but the consent, which every signer accepts. */
function assertTakesApprovals(document: { id: string }): void {
  if (document.id === CONSENT_DOCUMENT_ID) {
    throw badRequest("error.validation.consentApproval", "The consent document is accepted by every signer; it takes no approvals of its own.");
  }
}

/** `POST .../approvals`: an approval for a role of the package, with its fields. */
export async function addApproval(db: Db, caller: Caller, key: DocumentKey, input: ApprovalInput): Promise<WireApproval> {
  return changePackage(db, caller, key.packageId, "approvals", async ({ tx, record }) => {
    const document = await findDocument(tx, key.packageId, key.documentId);
    assertTakesApprovals(document);
    const existing = await tx.select({ id: approvals.id, position: approvals.position }).from(approvals).where(and(eq(approvals.packageId, key.packageId), eq(approvals.documentId, key.documentId)));
    if (input.id && existing.some((row) => row.id === input.id)) {
      throw conflict("error.conflict.approvalExists", `The document already has an approval with the id "${input.id}".`);
    }
    const rows = approvalRows(key.packageId, key.documentId, document.name, [input], await findRoleIds(tx, key.packageId), document.pages, nextPosition(existing));
    await tx.insert(approvals).values(rows.approvals);
    if (rows.fields.length) await tx.insert(fields).values(rows.fields);
    await enlistSigningRoles(tx, key.packageId, [input.role]);
    await record("APPROVAL_ADD", { documentId: key.documentId, message: `${rows.approvals[0].id} for role ${input.role}` });
    return readApproval(tx, key, rows.approvals[0].id);
  });
}

/**
 * The document's approvals and fields replaced by `inputs` (checked against its pages and the
 * package's roles first), in the caller's transaction: what `PUT …/approvals` and laying a layout
 * onto a document both do.
 */
export async function replaceApprovalsOf(tx: Tx, packageId: string, document: { id: string; name: string; pages: PageSize[] }, inputs: ApprovalInput[]): Promise<void> {
  assertTakesApprovals(document);
  const rows = approvalRows(packageId, document.id, document.name, inputs, await findRoleIds(tx, packageId), document.pages);
  await tx.delete(fields).where(and(eq(fields.packageId, packageId), eq(fields.documentId, document.id)));
  await tx.delete(approvals).where(and(eq(approvals.packageId, packageId), eq(approvals.documentId, document.id)));
  await insertRows(tx, approvals, rows.approvals);
  await insertRows(tx, fields, rows.fields);
  await enlistSigningRoles(tx, packageId, rows.approvals.map((approval) => approval.roleId));
}

/** `PUT .../approvals` with an array (the SDKs' updateSignatures): the document's approvals become these, on a draft. */
export async function replaceApprovals(db: Db, caller: Caller, key: DocumentKey, inputs: ApprovalInput[]): Promise<WireApproval[]> {
  return changePackage(db, caller, key.packageId, "approvals", async ({ tx, record }) => {
    const document = await findDocument(tx, key.packageId, key.documentId);
    await replaceApprovalsOf(tx, key.packageId, document, inputs);
    await record("DOCUMENT_UPDATE", { documentId: key.documentId, message: `${inputs.length} approval(s) set` });
    return readApprovals(tx, key);
  });
}

/** `PUT .../approvals/{approvalId}`: its role, name and flags (fields have their own endpoints). */
export async function updateApproval(db: Db, caller: Caller, key: DocumentKey, approvalId: string, input: ApprovalUpdate): Promise<WireApproval> {
  return changePackage(db, caller, key.packageId, "approvals", async ({ tx, record }) => {
    await findApproval(tx, key, approvalId);
    const changes: Partial<typeof approvals.$inferInsert> = {};
    if (input.role !== undefined) {
      if (!(await findRoleIds(tx, key.packageId)).has(input.role)) {
        throw badRequest("error.validation.unknownRole", `The package has no role "${input.role}".`);
      }
      changes.roleId = input.role;
      await enlistSigningRoles(tx, key.packageId, [input.role]);
    }
    if (input.name !== undefined) changes.name = input.name;
    if (input.optional !== undefined) changes.optional = input.optional;
    if (input.enforceCaptureSignature !== undefined) changes.enforceCaptureSignature = input.enforceCaptureSignature;
    if (input.disabled !== undefined) changes.disabled = input.disabled;
    if (input.fromFile !== undefined) changes.fromFile = input.fromFile;
    if (input.tooltip !== undefined) changes.tooltip = input.tooltip;
    if (input.data !== undefined) changes.data = input.data;
    if (Object.keys(changes).length) {
      await tx
        .update(approvals)
        .set(changes)
        .where(and(eq(approvals.packageId, key.packageId), eq(approvals.documentId, key.documentId), eq(approvals.id, approvalId)));
    }
    await record("APPROVAL_UPDATE", { documentId: key.documentId, message: approvalId });
    return readApproval(tx, key, approvalId);
  });
}

export async function deleteApproval(db: Db, caller: Caller, key: DocumentKey, approvalId: string): Promise<void> {
  await changePackage(db, caller, key.packageId, "approvals", async ({ tx, record }) => {
    await findApproval(tx, key, approvalId);
    await tx
      .delete(fields)
      .where(and(eq(fields.packageId, key.packageId), eq(fields.documentId, key.documentId), eq(fields.approvalId, approvalId)));
    await tx
      .delete(approvals)
      .where(and(eq(approvals.packageId, key.packageId), eq(approvals.documentId, key.documentId), eq(approvals.id, approvalId)));
    await record("APPROVAL_DELETE", { documentId: key.documentId, message: approvalId });
  });
}

/** `POST .../approvals/{approvalId}/fields`: one field, checked to lie within its page. */
export async function addField(db: Db, caller: Caller, key: DocumentKey, approvalId: string, input: FieldInput): Promise<WireField> {
  return changePackage(db, caller, key.packageId, "fields", async ({ tx, record }) => {
    const document = await findDocument(tx, key.packageId, key.documentId);
    if (document.id === CONSENT_DOCUMENT_ID) {
      throw badRequest("error.validation.consentApproval", "The consent document is accepted with a click; it takes no fields.");
    }
    await findApproval(tx, key, approvalId);
    const existing = await fieldsOf(tx, key, approvalId);
    if (input.id && existing.some((row) => row.id === input.id)) {
      throw conflict("error.conflict.fieldExists", `The approval already has a field with the id "${input.id}".`);
    }
    const row = fieldRow({ ...key, approvalId }, input, nextPosition(existing), document.pages, `Field ${input.name || input.id || "(new)"} on document "${document.name}"`);
    const [inserted] = await tx.insert(fields).values(row).returning();
    await record("FIELD_ADD", { documentId: key.documentId, message: `${inserted.id} (${inserted.subtype})` });
    return wireField(inserted);
  });
}

/** `PUT .../fields/{fieldId}`: any member; the merged field must still be valid and on its page. */
export async function updateField(db: Db, caller: Caller, key: DocumentKey, approvalId: string, fieldId: string, input: FieldUpdate): Promise<WireField> {
  return changePackage(db, caller, key.packageId, "fields", async ({ tx, record }) => {
    const document = await findDocument(tx, key.packageId, key.documentId);
    const current = (await fieldsOf(tx, key, approvalId)).find((row) => row.id === fieldId);
    if (!current) throw fieldNotFound(fieldId);
    const defined = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
    const merged = parseWith(fieldInput, { ...wireField(current), ...defined, id: fieldId }, "field");
    const row = fieldRow({ ...key, approvalId }, merged, current.position, document.pages, `Field ${merged.name || fieldId} on document "${document.name}"`);
    const [updated] = await tx
      .update(fields)
      .set(row)
      .where(and(eq(fields.packageId, key.packageId), eq(fields.documentId, key.documentId), eq(fields.approvalId, approvalId), eq(fields.id, fieldId)))
      .returning();
    await record("FIELD_UPDATE", { documentId: key.documentId, message: fieldId });
    return wireField(updated);
  });
}

export async function deleteField(db: Db, caller: Caller, key: DocumentKey, approvalId: string, fieldId: string): Promise<void> {
  await changePackage(db, caller, key.packageId, "fields", async ({ tx, record }) => {
    const deleted = await tx
      .delete(fields)
      .where(and(eq(fields.packageId, key.packageId), eq(fields.documentId, key.documentId), eq(fields.approvalId, approvalId), eq(fields.id, fieldId)))
      .returning({ id: fields.id });
    if (deleted.length === 0) throw fieldNotFound(fieldId);
    await record("FIELD_DELETE", { documentId: key.documentId, message: fieldId });
  });
}

/**
 * `PUT .../fields/{fieldId}/conditionalFields`: the package's conditions that test this field
 * (name it in their `condition`) replaced by the ones given (none: the field is tested by nothing).
 */
export async function updateFieldConditions(db: Db, caller: Caller, key: DocumentKey, approvalId: string, fieldId: string, input: ConditionalFieldInput): Promise<void> {
  await changePackage(db, caller, key.packageId, "fields", async ({ tx, record }) => {
    await findDocument(tx, key.packageId, key.documentId);
    if (!(await fieldsOf(tx, key, approvalId)).some((row) => row.id === fieldId)) throw fieldNotFound(fieldId);
    const [pkg] = await tx.select({ conditions: packages.conditions }).from(packages).where(eq(packages.id, key.packageId));
    const conditions = replaceFieldConditions(pkg!.conditions, key.documentId, fieldId, withConditionIds(input.conditions));
    await tx.update(packages).set({ conditions }).where(eq(packages.id, key.packageId));
    await record("FIELD_UPDATE", { documentId: key.documentId, message: `${fieldId}: ${input.conditions.length} condition(s)` });
  });
}
