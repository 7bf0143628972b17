import { and, asc, eq } from "drizzle-orm";
import { config } from "@/lib/config";
import type { Db, Queryable } from "@/lib/db/client";
import { supportingDocuments } from "@/lib/db/schema";
import type { Caller } from "@/lib/esign/accounts/caller";
import { recordEvent } from "@/lib/esign/audit/record-event";
import { now } from "@/lib/esign/clock";
import { CreatedBlobs } from "@/lib/esign/documents/store-documents";
import { safeFileName, type DownloadFile } from "@/lib/esign/downloads/document-file";
import { storedFilesZip } from "@/lib/esign/downloads/zip-download";
import { badRequest, gone, notFound, tooLarge } from "@/lib/esign/errors";
import { findPackage, findPackageToChange } from "@/lib/esign/packages/find-package";
import { blobStore } from "@/lib/esign/storage/blob-store";
import { dropUnreferencedBlobs, deleteUnreferencedBlobs } from "@/lib/esign/storage/blob-references";

/**
 * Supporting documents (the original's /api/supporting-documents/v1): files the sender keeps with
 * a package for the record (a mandate, an identity check), never signed or stamped. Numbered per
 * package from 1; the bytes are content-addressed blobs like every document's.
 */

type SupportingDocumentRow = typeof supportingDocuments.$inferSelect;

export interface WireSupportingDocument {
  id: number;
  transactionUid: string;
  documentRefId: string;
  documentName: string;
  version: number;
  fileSize: number;
}

function wire(row: SupportingDocumentRow): WireSupportingDocument {
  return { id: row.id, transactionUid: row.packageId, documentRefId: `${row.packageId}-${row.id}`, documentName: row.name, version: 1, fileSize: row.size };
}

/** A document id from a path: a positive integer, else no such document (404). */
export function supportingDocumentId(raw: string): number {
  const id = /^[1-9]\d{0,8}$/.test(raw) ? Number(raw) : NaN;
  if (Number.isNaN(id)) throw notFound("error.notFound.supportingDocument", `The package has no supporting document ${raw}.`);
  return id;
}

const notThere = (id: number) => notFound("error.notFound.supportingDocument", `The package has no supporting document ${id}.`);
const purged = (row: SupportingDocumentRow) => gone("error.gone.supportingDocumentPurged", `The supporting document "${row.name}" is no longer stored.`);

async function rowsOf(db: Queryable, packageId: string): Promise<SupportingDocumentRow[]> {
  return db.select().from(supportingDocuments).where(eq(supportingDocuments.packageId, packageId)).orderBy(asc(supportingDocuments.id));
}

async function rowOf(db: Queryable, packageId: string, id: number): Promise<SupportingDocumentRow> {
  const [row] = await db.select().from(supportingDocuments).where(and(eq(supportingDocuments.packageId, packageId), eq(supportingDocuments.id, id)));
  if (!row) throw notThere(id);
  return row;
}

/** `GET …/transactions/{packageId}`: the package's supporting documents, a bare array. */
export async function listSupportingDocuments(db: Queryable, caller: Caller, packageId: string): Promise<WireSupportingDocument[]> {
  const pkg = await findPackage(db, caller, packageId);
  return (await rowsOf(db, pkg.id)).map(wire);
}

export interface SupportingUpload {
  fileName: string;
  contentType: string;
  bytes: Buffer;
}

/** `POST …/transactions/{packageId}` (multipart, parts named `files`): each file added, all in one transaction; answers them. */
export async function addSupportingDocuments(db: Db, caller: Caller, packageId: string, uploads: SupportingUpload[]): Promise<WireSupportingDocument[]> {
  if (uploads.length === 0) throw badRequest("error.validation.supportingDocumentFile", 'Send at least one file, in parts named "files".');
  for (const upload of uploads) {
    if (upload.bytes.byteLength === 0) throw badRequest("error.validation.emptyFile", `The file "${upload.fileName}" is empty.`);
    if (upload.bytes.byteLength > config().maxFileBytes) throw tooLarge(`The file "${upload.fileName}" is larger than the limit of ${config().maxFileBytes / 1024 / 1024} MB.`);
  }
  const blobs = await CreatedBlobs.open();
  try {
    return await db.transaction(async (tx) => {
      const pkg = await findPackageToChange(tx, caller, packageId);
      const existing = await rowsOf(tx, pkg.id);
      let next = existing.reduce((max, row) => Math.max(max, row.id), 0) + 1;
      const added: SupportingDocumentRow[] = [];
      for (const upload of uploads) {
        const [row] = await tx
          .insert(supportingDocuments)
          .values({
            packageId: pkg.id,
            id: next++,
            name: safeFileName(upload.fileName, "document"),
            mediaType: /^[\w.+-]{1,63}\/[\w.+-]{1,63}$/.test(upload.contentType) ? upload.contentType : "application/octet-stream",
            size: upload.bytes.byteLength,
            blobSha256: await blobs.put({ bytes: upload.bytes }, tx),
            created: now(),
          })
          .returning();
        added.push(row!);
      }
      await recordEvent(tx, {
        accountId: pkg.accountId,
        packageId: pkg.id,
        name: "PACKAGE_UPDATE",
        sessionUser: caller.user.id,
        message: `Supporting documents added: ${added.map((row) => row.name).join(", ")}`,
        ipAddress: caller.ipAddress,
      });
      return added.map(wire);
    });
  } catch (error) {
    await blobs.removeUnreferenced(db);
    throw error;
  }
}

/** `GET …/documents/{id}/download`: `{documentName, content (base64), mediaType}`, as the SDKs read it. */
export async function downloadSupportingDocument(db: Queryable, caller: Caller, packageId: string, id: number): Promise<{ documentName: string; content: string; mediaType: string }> {
  const pkg = await findPackage(db, caller, packageId);
  const row = await rowOf(db, pkg.id, id);
  const bytes = await (await blobStore()).get(row.blobSha256);
  if (!bytes) throw purged(row);
  return { documentName: row.name, content: Buffer.from(bytes).toString("base64"), mediaType: row.mediaType };
}

/** `GET …/download`: every supporting document in one zip. */
export async function zipSupportingDocuments(db: Queryable, caller: Caller, packageId: string): Promise<DownloadFile> {
  const pkg = await findPackage(db, caller, packageId);
  const rows = await rowsOf(db, pkg.id);
  return storedFilesZip(
    await blobStore(),
    `${safeFileName(pkg.name, "package")} supporting documents.zip`,
    rows.map((row) => ({ name: row.name, date: row.created, sha256: row.blobSha256, missing: () => purged(row) })),
  );
}

/** `PUT …/documents/{id}` `{fileName}`: a new name; the old extension stays when the new name has none. */
export async function renameSupportingDocument(db: Db, caller: Caller, packageId: string, id: number, body: unknown): Promise<WireSupportingDocument> {
  const given = typeof body === "object" && body !== null ? (body as Record<string, unknown>).fileName ?? (body as Record<string, unknown>).documentName : undefined;
  if (typeof given !== "string" || given.trim() === "" || given.length > 255) throw badRequest("error.validation.invalidBody", 'Give the new name as {"fileName": "…"} (at most 255 characters).');
  return db.transaction(async (tx) => {
    const pkg = await findPackageToChange(tx, caller, packageId);
    const row = await rowOf(tx, pkg.id, id);
    const extension = /\.[A-Za-z0-9]{1,8}$/.exec(row.name)?.[0] ?? "";
    const name = safeFileName(/\.[A-Za-z0-9]{1,8}$/.test(given.trim()) ? given.trim() : `${given.trim()}${extension}`, "document");
    const [renamed] = await tx.update(supportingDocuments).set({ name }).where(and(eq(supportingDocuments.packageId, pkg.id), eq(supportingDocuments.id, id))).returning();
    return wire(renamed!);
  });
}

/** `DELETE …/documents/{id}`: the document, and its bytes once nothing else holds them. */
export async function deleteSupportingDocument(db: Db, caller: Caller, packageId: string, id: number): Promise<void> {
  const unreferenced = await db.transaction(async (tx) => {
    const pkg = await findPackageToChange(tx, caller, packageId);
    const row = await rowOf(tx, pkg.id, id);
    await tx.delete(supportingDocuments).where(and(eq(supportingDocuments.packageId, pkg.id), eq(supportingDocuments.id, id)));
    return dropUnreferencedBlobs(tx, [row.blobSha256]);
  });
  await deleteUnreferencedBlobs(db, unreferenced);
}
