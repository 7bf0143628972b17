import type { Queryable } from "@/lib/db/client";
import { approvals, documents, fields } from "@/lib/db/schema";
import { insertRows } from "@/lib/db/insert-rows";
import type { Caller } from "@/lib/esign/accounts/caller";
import { recordEvent } from "@/lib/esign/audit/record-event";
import { approvalRows, enlistSigningRoles } from "@/lib/esign/packages/package-content";
import { shareBlobLock } from "@/lib/esign/storage/blob-locks";
import { deleteUnreferencedBlobs } from "@/lib/esign/storage/blob-references";
import { blobStore, type BlobStore } from "@/lib/esign/storage/blob-store";
import { logger } from "@/lib/observability/logger";
import type { PreparedDocument } from "./prepare-documents";

/** Bytes to store, with their SHA-256 when the upload computed it as they arrived. */
export interface BlobBytes {
  bytes: Uint8Array;
  sha256?: string;
  /** Content many packages share (the consent document): likely stored already, so looked for before writing. */
  shared?: boolean;
}

/**
 * Shared content (the consent document) an earlier request of this process stored ahead:
 * storeAhead does not look for it again; confirmStoredAhead still does after the commit, so one
 * look at the store instead of two.
 */
const sharedBlobsSeen = new Set<string>();
const MAX_SHARED_BLOBS_SEEN = 100;

function rememberSharedBlob(sha256: string): void {
  if (sharedBlobsSeen.size >= MAX_SHARED_BLOBS_SEEN) sharedBlobsSeen.clear();
  sharedBlobsSeen.add(sha256);
}

/**
 * Blobs this request created. A store outside the database (files, S3) writes them before the
 * database transaction, so that no transaction waits on the store; when the request fails, the
 * ones nothing refers to are removed so a failed request leaves nothing behind. (The `blobs`
 * table writes them in the transaction itself, which takes them back.)
 */
export class CreatedBlobs {
  private readonly created: string[] = [];
  /** Written by storeAhead, by SHA-256: the transaction only takes their locks; checked again after the commit. */
  private readonly storedAhead = new Map<string, Uint8Array>();
  constructor(readonly store: BlobStore) {}

  static async open(): Promise<CreatedBlobs> {
    return new CreatedBlobs(await blobStore());
  }

  /**
   * Before the transaction, for a store outside the database: writes the bytes while no database
   * connection is held, and notes each blob's SHA-256 on its `BlobBytes`. Nothing for the `blobs`
   * table, whose writes belong in the transaction. Removed by `removeUnreferenced` too.
   */
  async storeAhead(blobs: BlobBytes[]): Promise<void> {
    if (this.store.transactional) return;
    await Promise.all(
      blobs.map(async (blob) => {
        if (blob.sha256 && sharedBlobsSeen.has(blob.sha256)) {
          // Seen stored by an earlier request (the consent document, say): confirmStoredAhead looks.
          this.storedAhead.set(blob.sha256, blob.bytes);
          return;
        }
        // Uploads are rarely stored already: S3 writes them without looking first.
        const { sha256, created } = await this.store.put(blob.bytes, undefined, { sha256: blob.sha256, fresh: !blob.shared });
        blob.sha256 = sha256;
        if (created) this.created.push(sha256);
        if (blob.shared) rememberSharedBlob(sha256);
        this.storedAhead.set(sha256, blob.bytes);
      }),
    );
  }

  /**
   * In the transaction that refers to the blob: for one stored ahead, only its lock (no call to
   * the store inside the transaction); otherwise the store's own put.
   */
  async put(blob: BlobBytes, tx: Queryable): Promise<string> {
    if (blob.sha256 && this.storedAhead.has(blob.sha256)) {
      await shareBlobLock(tx, blob.sha256);
      return blob.sha256;
    }
    const { sha256, created } = await this.store.put(blob.bytes, tx, { sha256: blob.sha256 });
    if (created) this.created.push(sha256);
    return sha256;
  }

  /**
   * After the commit: the blobs stored ahead are still there, or are stored again. A deleter may
   * have removed the same bytes, unreferenced then, between storeAhead and the transaction's lock
   * (blob-locks.ts); once the reference has committed, no deleter removes them any more.
   */
  async confirmStoredAhead(): Promise<void> {
    await Promise.all(
      [...this.storedAhead].map(async ([sha256, bytes]) => {
        try {
          if ((await this.store.size(sha256)) !== bytes.byteLength) await this.store.put(bytes, undefined, { sha256 });
        } catch (error) {
          // The request has committed: its answer stands. The blob was written moments ago.
          logger().error({ err: error, sha256 }, "a blob stored ahead of its transaction could not be checked after the commit");
        }
      }),
    );
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
    const sha256 = await blobs.put(document.file, tx);
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
