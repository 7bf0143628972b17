import { and, asc, eq } from "drizzle-orm";
import { z } from "zod";
import type { Db, Queryable } from "@/lib/db/client";
import { isUniqueViolation } from "@/lib/db/errors";
import { approvals, documents, fields, roles } from "@/lib/db/schema";
import { documentInput, type DocumentUpdate, type OrderChange, type WireDocument } from "@/lib/api/packages";
import type { Caller } from "@/lib/esign/accounts/caller";
import { badRequest, conflict, notFound } from "@/lib/esign/errors";
import { findPackageToChange } from "@/lib/esign/packages/find-package";
import { changePackage, stateOf, type PackageChange } from "@/lib/esign/packages/package-change";
import { assertEditable } from "@/lib/esign/packages/package-status";
import { assertUniqueIds, consentApprovalRow, findPackageSender, findRoleIds, roleRow } from "@/lib/esign/packages/package-content";
import { readDocuments } from "@/lib/esign/packages/read-package";
import { parseWith } from "@/lib/api/parse";
import { CONSENT_DOCUMENT_ID } from "./consent-document-id";
import { prepareDocuments, rolesNamedByTags, type DocumentFile } from "./prepare-documents";
import { CreatedBlobs, storeDocuments } from "./store-documents";

export const documentNotFound = (documentId: string) =>
  notFound("error.notFound.documentNotFound", `Document ${documentId} was not found in the package.`);

export async function findDocument(db: Queryable, packageId: string, documentId: string) {
  const [row] = await db.select().from(documents).where(and(eq(documents.packageId, packageId), eq(documents.id, documentId)));
  if (!row) throw documentNotFound(documentId);
  return row;
}

export async function readDocument(db: Queryable, packageId: string, documentId: string): Promise<WireDocument> {
  const document = (await readDocuments(db, packageId)).find((candidate) => candidate.id === documentId);
  if (!document) throw documentNotFound(documentId);
  return document;
}

/**
 * `POST .../documents`: one document (payload object) or several (payload array) added to a
 * draft, each with its file. Files are validated before the transaction.
 */
export async function addDocuments(db: Db, caller: Caller, packageId: string, payload: unknown, files: DocumentFile[]): Promise<WireDocument[]> {
  const inputs = parseWith(z.array(documentInput).min(1).max(100), Array.isArray(payload) ? payload : [payload], "document");
  // Check the state first: no point parsing 100 MB of PDFs for a package that cannot take them.
  const existing = await db.transaction(async (tx) => {
    const row = await findPackageToChange(tx, caller, packageId);
    assertEditable(stateOf(row), "documents");
    return {
      accountId: row.accountId,
      roles: await tx.select({ id: roles.id, name: roles.name }).from(roles).where(eq(roles.packageId, packageId)),
      documents: await tx.select({ id: documents.id, position: documents.position }).from(documents).where(eq(documents.packageId, packageId)),
    };
  });
  const newIds = inputs.flatMap((document) => (document.id ? [document.id] : []));
  if (newIds.includes(CONSENT_DOCUMENT_ID)) {
    throw badRequest("error.validation.reservedDocumentId", `The document id "${CONSENT_DOCUMENT_ID}" is reserved for the consent document.`);
  }
  const taken = newIds.filter((id) => existing.documents.some((document) => document.id === id));
  if (taken.length) throw conflict("error.conflict.documentExists", `The package already has a document with the id "${taken[0]}".`);
  assertUniqueIds(newIds, "documents");
  const prepared = await prepareDocuments(existing.accountId, inputs, files, existing.roles);

  const blobs = await CreatedBlobs.open();
  try {
    await blobs.storeAhead(db, prepared.map((document) => document.file));
    const added = await changePackage(db, caller, packageId, "documents", async ({ tx, row: pkg, record }) => {
      await addRolesNamedByTags({ tx, row: pkg, record }, rolesNamedByTags(prepared, existing.roles));
      const positions = await tx.select({ position: documents.position }).from(documents).where(eq(documents.packageId, packageId)).orderBy(asc(documents.position));
      const firstPosition = positions.length ? positions[positions.length - 1].position + 1 : 0;
      await storeDocuments(tx, blobs, packageId, prepared, await findRoleIds(tx, packageId), firstPosition, {
        caller,
        recordAdds: true,
      });
      const ids = new Set(prepared.map((document) => document.id));
      return (await readDocuments(tx, packageId)).filter((document) => ids.has(document.id));
    });
    await blobs.committed(db);
    return added;
  } catch (error) {
    await blobs.removeUnreferenced(db);
    // Another request added a document with the same id between our check and our insert.
    if (isUniqueViolation(error)) throw conflict("error.conflict.documentExists", "A document with one of these ids already exists.");
    throw error;
  }
}

/** Roles text tags named that the package lacked: added without a signer (to be filled before sending), each with its consent. */
async function addRolesNamedByTags({ tx, row: pkg, record }: PackageChange, roleIds: string[]): Promise<void> {
  if (roleIds.length === 0) return;
  const sender = await findPackageSender(tx, pkg.ownerUserId);
  const taken = await tx.select({ position: roles.position }).from(roles).where(eq(roles.packageId, pkg.id));
  const first = taken.reduce((max, role) => Math.max(max, role.position + 1), 0);
  const rows = roleIds.map((id, i) => roleRow(pkg.id, { id, name: id, signers: [] }, first + i, sender));
  await tx.insert(roles).values(rows);
  await tx.insert(approvals).values(rows.map((row) => consentApprovalRow(pkg.id, row.id, row.position)));
  for (const row of rows) await record("ROLE_ADD", { message: row.id });
}

/** `PUT .../documents/{documentId}`: name, description, index and data of a document in a draft. */
export async function updateDocument(db: Db, caller: Caller, packageId: string, documentId: string, input: DocumentUpdate): Promise<WireDocument> {
  return changePackage(db, caller, packageId, "documents", async ({ tx, record }) => {
    await findDocument(tx, packageId, documentId);
    const changes: Partial<typeof documents.$inferInsert> = {};
    if (input.name !== undefined) changes.name = input.name;
    if (input.description !== undefined) changes.description = input.description;
    if (input.index !== undefined) changes.index = input.index;
    if (input.data !== undefined) changes.data = input.data;
    if (Object.keys(changes).length) {
      await tx.update(documents).set(changes).where(and(eq(documents.packageId, packageId), eq(documents.id, documentId)));
    }
    await record("DOCUMENT_UPDATE", { documentId });
    return readDocument(tx, packageId, documentId);
  });
}

/** `DELETE .../documents/{documentId}`: a document of a draft with its approvals and fields. The blob stays (content-addressed, maybe shared). */
export async function deleteDocument(db: Db, caller: Caller, packageId: string, documentId: string): Promise<void> {
  await deleteDocuments(db, caller, packageId, [documentId]);
}

/** `DELETE .../documents` with `["id", …]` (the SDKs' deleteDocuments): several documents of a draft, all or none. */
export async function deleteDocuments(db: Db, caller: Caller, packageId: string, documentIds: string[]): Promise<void> {
  await changePackage(db, caller, packageId, "documents", async ({ tx, record }) => {
    for (const documentId of new Set(documentIds)) {
      const document = await findDocument(tx, packageId, documentId);
      if (document.id === CONSENT_DOCUMENT_ID) {
        throw conflict("error.conflict.consentDocument", "The consent document belongs to every package and cannot be deleted.");
      }
      const where = <T extends typeof fields | typeof approvals>(table: T) => and(eq(table.packageId, packageId), eq(table.documentId, documentId));
      await tx.delete(fields).where(where(fields));
      await tx.delete(approvals).where(where(approvals));
      await tx.delete(documents).where(and(eq(documents.packageId, packageId), eq(documents.id, documentId)));
      await record("DOCUMENT_DELETE", { documentId, message: document.name });
    }
  });
}

/** `PUT .../documents` with `[{id, index}]`: the document order (spec 3.4), only in a draft (409 otherwise). */
export async function reorderDocuments(db: Db, caller: Caller, packageId: string, order: OrderChange): Promise<WireDocument[]> {
  return changePackage(db, caller, packageId, "the document order", async ({ tx, record }) => {
    assertUniqueIds(order.map((entry) => entry.id), "entries of the new order");
    // The consent document always comes first. The SDKs send it back with the others, at index 0:
    // that is no change; any other index for it is refused.
    const consent = order.find((entry) => entry.id === CONSENT_DOCUMENT_ID);
    if (consent && consent.index !== 0) {
      throw badRequest("error.validation.consentOrder", `The consent document "${CONSENT_DOCUMENT_ID}" always comes first (index 0); leave it out of the order.`);
    }
    order = order.filter((entry) => entry.id !== CONSENT_DOCUMENT_ID);
    const existing = new Set((await tx.select({ id: documents.id }).from(documents).where(eq(documents.packageId, packageId))).map((row) => row.id));
    const unknown = order.filter((entry) => !existing.has(entry.id)).map((entry) => entry.id);
    if (unknown.length) throw badRequest("error.validation.unknownDocument", `The package has no document(s) ${unknown.join(", ")}.`);
    for (const entry of order) {
      await tx.update(documents).set({ index: entry.index }).where(and(eq(documents.packageId, packageId), eq(documents.id, entry.id)));
    }
    await record("DOCUMENT_REORDER", { message: order.map((entry) => `${entry.id}:${entry.index}`).join(", ") });
    return readDocuments(tx, packageId);
  });
}
