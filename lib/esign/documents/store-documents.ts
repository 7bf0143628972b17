import type { Queryable } from "@/lib/db/client";
import { approvals, documents, fields } from "@/lib/db/schema";
import { insertRows } from "@/lib/db/insert-rows";
import type { Caller } from "@/lib/esign/accounts/caller";
import { recordEvent } from "@/lib/esign/audit/record-event";
import { approvalRows, enlistSigningRoles } from "@/lib/esign/packages/package-content";
import { deleteUnreferencedBlobs } from "@/lib/esign/storage/blob-references";
import { blobStore, sha256Hex, type BlobStore } from "@/lib/esign/storage/blob-store";
import { announceBlobWrites, forgetBlobWrites, referToAnnouncedBlob } from "@/lib/esign/storage/blob-write-intents";
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
 * Blobs this request created. A store outside the database (files, S3) writes them before the
 * database transaction, so that no transaction waits on the store, announced first so that no
 * deleter removes them until the transaction refers to them (blob-write-intents.ts); when the
 * request fails, the ones nothing refers to are removed so a failed request leaves nothing behind.
 * (The `blobs` table writes them in the transaction itself, which takes them back.)
 */
export class CreatedBlobs {
  private readonly created: string[] = [];
  /** Written by storeAhead: each blob's intent, by SHA-256; the transaction checks it and takes the lock. */
  private readonly storedAhead = new Map<string, string>();
  constructor(readonly store: BlobStore) {}

  static async open(): Promise<CreatedBlobs> {
    return new CreatedBlobs(await blobStore());
  }

  /**
   * Before the transaction, for a store outside the database: announces the blobs, then writes
   * them while no database transaction is open, and notes each blob's SHA-256 on its `BlobBytes`.
   * Nothing for the `blobs` table, whose writes belong in the transaction. Ends with `committed` or `removeUnreferenced`.
   */
  async storeAhead(db: Queryable, blobs: BlobBytes[]): Promise<void> {
    if (this.store.transactional) return;
    for (const blob of blobs) blob.sha256 ??= sha256Hex(blob.bytes);
    const shas = blobs.map((blob) => blob.sha256!);
    const intents = await announceBlobWrites(db, shas);
    const uniqueShas = [...new Set(shas)];
    uniqueShas.forEach((sha256, i) => this.storedAhead.set(sha256, intents[i]));
    await Promise.all(
      uniqueShas.map(async (sha256) => {
        const blob = blobs.find((candidate) => candidate.sha256 === sha256)!;
        // Uploads are rarely stored already: S3 writes them without looking first; shared content is looked for.
        const { created } = await this.store.put(blob.bytes, undefined, { sha256, fresh: !blob.shared });
        if (created) this.created.push(sha256);
      }),
    );
  }

  /**
   * In the transaction that refers to the blob: for one stored ahead, its lock and its intent's
   * check (no call to the store inside the transaction); otherwise the store's own put.
   */
  async put(blob: BlobBytes, tx: Queryable): Promise<string> {
    const intentId = blob.sha256 && this.storedAhead.get(blob.sha256);
    if (intentId) {
      await referToAnnouncedBlob(tx, blob.sha256!, intentId);
      return blob.sha256!;
    }
    const { sha256, created } = await this.store.put(blob.bytes, tx, { sha256: blob.sha256 });
    if (created) this.created.push(sha256);
    return sha256;
  }

  /** After the commit that referred to the blobs stored ahead: their intents are done with. */
  async committed(db: Queryable): Promise<void> {
    await this.forgetIntents(db);
  }

  /** After a failure: forgets the intents, then removes the blobs this request created that nothing refers to. */
  async removeUnreferenced(db: Queryable): Promise<void> {
    await this.forgetIntents(db);
    await deleteUnreferencedBlobs(db, this.created);
  }

  private async forgetIntents(db: Queryable): Promise<void> {
    const intents = [...this.storedAhead.values()];
    this.storedAhead.clear();
    try {
      await forgetBlobWrites(db, intents);
    } catch (error) {
      // They expire; until then deleters leave those bytes alone, which is safe.
      logger().error({ err: error }, "the intents of blobs stored ahead could not be forgotten");
    }
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
