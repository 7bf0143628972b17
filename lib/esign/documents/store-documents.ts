import type { Queryable } from "@/lib/db/client";
import { approvals, documents, fields } from "@/lib/db/schema";
import { insertRows } from "@/lib/db/insert-rows";
import type { Caller } from "@/lib/esign/accounts/caller";
import { recordEvent } from "@/lib/esign/audit/record-event";
import { approvalRows, enlistSigningRoles } from "@/lib/esign/packages/package-content";
import { deleteUnreferencedBlobs } from "@/lib/esign/storage/blob-references";
import { blobStore, type BlobStore } from "@/lib/esign/storage/blob-store";
import type { PreparedDocument } from "./prepare-documents";

/**
 * Blobs this request created. A store outside the database (files, S3) writes them before the
 * database transaction commits; when it fails, the ones nothing refers to are removed so a failed
 * request leaves nothing behind. (The `blobs` table writes them in the transaction itself, which
 * takes them back.)
 */
export class CreatedBlobs {
  private readonly created: string[] = [];
  constructor(readonly store: BlobStore) {}

  static async open(): Promise<CreatedBlobs> {
    return new CreatedBlobs(await blobStore());
  }

  /**
   * Before the transaction, for a store outside the database: uploads the bytes while no database
   * connection is held. `put` in the transaction then finds them and only takes the blob's lock
   * (or stores them again, should a clean-up have removed them meanwhile). Nothing for the
   * `blobs` table, whose writes belong in the transaction. Removed by `removeUnreferenced` too.
   */
  async storeAhead(files: Uint8Array[]): Promise<void> {
    if (this.store.transactional) return;
    await Promise.all(
      files.map(async (bytes) => {
        const { sha256, created } = await this.store.put(bytes);
        if (created) this.created.push(sha256);
      }),
    );
  }

  async put(bytes: Uint8Array, tx: Queryable): Promise<string> {
    const { sha256, created } = await this.store.put(bytes, tx);
    if (created) this.created.push(sha256);
    return sha256;
  }

  async removeUnreferenced(db: Queryable): Promise<void> {
    await deleteUnreferencedBlobs(db, this.created);
  }
}

/** Inserts prepared documents with their approvals and fields, and the audit events saying so. */
export async function storeDocuments(
  tx: Queryable,
  blobs: CreatedBlobs,
  packageId: string,
  prepared: PreparedDocument[],
  roleIds: Set<string>,
  firstPosition: number,
  audit: { caller: Caller; recordAdds: boolean },
): Promise<void> {
  for (const [i, document] of prepared.entries()) {
    const sha256 = await blobs.put(document.file.bytes, tx);
    const content = approvalRows(packageId, document.id, document.input.name, document.approvals, roleIds, document.pages);
    await tx.insert(documents).values({
      packageId,
      id: document.id,
      position: firstPosition + i,
      index: document.input.index ?? 0,
      name: document.input.name,
      description: document.input.description ?? "",
      blobSha256: sha256,
      fileName: document.file.fileName,
      size: document.file.bytes.byteLength,
      pages: document.pages,
      extract: document.input.extract ?? false,
      extractionTypes: document.input.extractionTypes ?? [],
      tagged: document.tagged,
      data: document.input.data ?? {},
    });
    await insertRows(tx, approvals, content.approvals);
    await insertRows(tx, fields, content.fields);
    await enlistSigningRoles(tx, packageId, content.approvals.map((approval) => approval.roleId));
    if (audit.recordAdds) {
      await recordEvent(tx, {
        accountId: audit.caller.account.id,
        packageId,
        name: "DOCUMENT_ADD",
        sessionUser: audit.caller.user.id,
        documentId: document.id,
        message: document.input.name,
        ipAddress: audit.caller.ipAddress,
      });
    }
  }
}
