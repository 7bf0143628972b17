import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { database } from "@/lib/db/client";
import { blobWriteIntents, documents, supportingDocuments } from "@/lib/db/schema";
import { CreatedBlobs } from "@/lib/esign/documents/store-documents";
import { takeBlobLock } from "@/lib/esign/storage/blob-locks";
import { deleteUnreferencedBlobs, referencedBlobs } from "@/lib/esign/storage/blob-references";
import { blobStore, databaseBlobStore, sha256Hex } from "@/lib/esign/storage/blob-store";
import { call } from "../support/api-client";
import { createPackageWithFiles, packagePayload } from "../support/packages";
import { makePdf } from "../support/pdfs";
import { startS3Server, type S3TestServer } from "../support/s3-server";
import { seedAccount } from "../support/seed";

/**
 * Documents in S3 with either database (this file sets the S3 settings itself: on the postgres
 * project that is the scale-out deployment, PostgreSQL and a bucket): where blobs go, reading
 * through to the store S3 replaced, and the order of a reference being committed and an
 * unreferenced blob being deleted after the commit (blob-locks.ts).
 */

let server: S3TestServer;
beforeAll(async () => {
  server = await startS3Server();
  Object.assign(process.env, server.environment);
});
afterAll(async () => {
  for (const name of Object.keys(server.environment)) delete process.env[name];
  await server.stop();
});

const objectKey = (sha256: string) => `blobs/${sha256.slice(0, 2)}/${sha256}`;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A package to hang references on: a supporting document row refers to a blob. */
async function aPackage(): Promise<string> {
  const account = await seedAccount();
  return createPackageWithFiles(account.apiKey, packagePayload());
}

function supportingRow(packageId: string, bytes: Buffer) {
  return { packageId, id: 1, name: "terms.pdf", mediaType: "application/pdf", size: bytes.length, blobSha256: sha256Hex(bytes) };
}

describe("documents in S3", () => {
  it("a created package's documents are objects of the bucket, nothing in the database's store, and download from S3", async () => {
    const account = await seedAccount();
    const pdf = await makePdf({ pages: 1, padToBytes: 5000 });
    const packageId = await createPackageWithFiles(account.apiKey, packagePayload(), pdf);
    const { db } = await database();
    const [document] = await db.select().from(documents).where(and(eq(documents.packageId, packageId), eq(documents.id, "doc1")));
    expect(document.blobSha256).toBe(sha256Hex(pdf));
    expect(server.objectKeys()).toContain(objectKey(sha256Hex(pdf)));
    expect(await (await databaseBlobStore()).size(sha256Hex(pdf))).toBeNull();

    const response = await call("GET", `/api/packages/${packageId}/documents/doc1/original`, { key: account.apiKey });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-length")).toBe(String(pdf.length));
    expect(Buffer.from(await response.arrayBuffer())).toEqual(pdf);
  });

  it("reads a blob stored before S3 from the database's store, and deletes both copies", async () => {
    const bytes = randomBytes(4000);
    const sha256 = sha256Hex(bytes);
    await (await databaseBlobStore()).put(bytes);
    const store = await blobStore();
    expect(await store.size(sha256)).toBe(bytes.length);
    expect(await store.get(sha256)).toEqual(bytes);
    expect(server.objectKeys()).not.toContain(objectKey(sha256));

    await store.put(bytes); // now in S3 too
    await store.delete(sha256);
    expect(await store.size(sha256)).toBeNull();
    expect(await (await databaseBlobStore()).size(sha256)).toBeNull();
  });

  it("a rolled-back write leaves an unreferenced object, never a reference; deleting the unreferenced removes it", async () => {
    const packageId = await aPackage();
    const { db } = await database();
    const store = await blobStore();
    const bytes = randomBytes(2000);
    await expect(
      db.transaction(async (tx) => {
        await store.put(bytes, tx);
        await tx.insert(supportingDocuments).values(supportingRow(packageId, bytes));
        throw new Error("the request fails after storing");
      }),
    ).rejects.toThrow("the request fails");
    expect(await store.size(sha256Hex(bytes))).toBe(bytes.length);
    expect((await referencedBlobs(db, [sha256Hex(bytes)])).size).toBe(0);
    await deleteUnreferencedBlobs(db, [sha256Hex(bytes)]);
    expect(server.objectKeys()).not.toContain(objectKey(sha256Hex(bytes)));
  });

  it("a deleter waits for a writer who found the bytes stored, then sees its reference and keeps them", async () => {
    const packageId = await aPackage();
    const { db } = await database();
    const store = await blobStore();
    const bytes = randomBytes(3000);
    await store.put(bytes); // stored and unreferenced: what a rolled-back request leaves
    let deleting: Promise<void> | undefined;
    await db.transaction(async (tx) => {
      expect((await store.put(bytes, tx)).created).toBe(false);
      // The deleter re-checks now: without the writer's lock it would find no committed reference and delete.
      deleting = deleteUnreferencedBlobs(db, [sha256Hex(bytes)]);
      await pause(300);
      await tx.insert(supportingDocuments).values(supportingRow(packageId, bytes));
    });
    await deleting;
    expect(await store.size(sha256Hex(bytes))).toBe(bytes.length);
    expect((await referencedBlobs(db, [sha256Hex(bytes)])).size).toBe(1);
  });

  it("a writer waits for a deleter holding the blob, then finds the bytes gone and stores them again", async () => {
    const packageId = await aPackage();
    const { db } = await database();
    const store = await blobStore();
    const bytes = randomBytes(3000);
    const sha256 = sha256Hex(bytes);
    await store.put(bytes);
    let writing: Promise<{ created: boolean }> | undefined;
    // The deleter as deleteUnreferencedBlobs runs it, with a writer arriving while it holds the lock.
    await db.transaction(async (tx) => {
      await takeBlobLock(tx, sha256);
      writing = db.transaction(async (writer) => {
        const stored = await store.put(bytes, writer);
        await writer.insert(supportingDocuments).values(supportingRow(packageId, bytes));
        return stored;
      });
      await pause(300);
      if ((await referencedBlobs(tx, [sha256])).size === 0) await store.delete(sha256);
    });
    expect((await writing!).created).toBe(true);
    expect(await store.get(sha256)).toEqual(bytes);
  });

  it("a create stores its blobs ahead of its transaction and calls S3 no more inside it", async () => {
    const packageId = await aPackage();
    const { db } = await database();
    const bytes = randomBytes(3000);
    const blobs = await CreatedBlobs.open();
    const blob: { bytes: Buffer; sha256?: string } = { bytes };
    await blobs.storeAhead(db, [blob]);
    expect(blob.sha256).toBe(sha256Hex(bytes));
    expect(server.objectKeys()).toContain(objectKey(sha256Hex(bytes)));
    const requestsBefore = server.requestCount();
    await db.transaction(async (tx) => {
      expect(await blobs.put(blob, tx)).toBe(sha256Hex(bytes));
      await tx.insert(supportingDocuments).values(supportingRow(packageId, bytes));
    });
    expect(server.requestCount()).toBe(requestsBefore);
  });

  it("the consent document, stored by an earlier create, costs a later create one look at S3, before its transaction", async () => {
    const account = await seedAccount();
    const create = async () => {
      const response = await call("POST", "/api/packages", { key: account.apiKey, json: packagePayload({ documents: [] }) });
      expect(response.status, await response.clone().text()).toBe(200);
    };
    await create();
    const requestsBefore = server.requestCount();
    await create();
    expect(server.requestCount() - requestsBefore).toBe(1);
  });

  it("a new document costs a create one write to S3 and the consent one look, both before its transaction", async () => {
    const account = await seedAccount();
    await createPackageWithFiles(account.apiKey, packagePayload());
    const pdf = await makePdf({ pages: 1, padToBytes: 6000 });
    const requestsBefore = server.requestCount();
    await createPackageWithFiles(account.apiKey, packagePayload(), pdf);
    expect(server.requestCount() - requestsBefore).toBe(2);
    expect(server.objectKeys()).toContain(objectKey(sha256Hex(pdf)));
    const { db } = await database();
    expect(await db.select().from(blobWriteIntents).where(eq(blobWriteIntents.sha256, sha256Hex(pdf)))).toEqual([]);
  });

  it("a deleter leaves bytes a writer announced and stored ahead, even when the writer never looks again (a crash after its commit)", async () => {
    const packageId = await aPackage();
    const { db } = await database();
    const bytes = randomBytes(3000);
    const sha256 = sha256Hex(bytes);
    const blobs = await CreatedBlobs.open();
    const blob = { bytes, sha256 };
    await blobs.storeAhead(db, [blob]);
    // Another request that stored the same bytes failed and removes them: unreferenced until this commit.
    await deleteUnreferencedBlobs(db, [sha256]);
    expect(server.objectKeys()).toContain(objectKey(sha256));
    const requestsBefore = server.requestCount();
    await db.transaction(async (tx) => {
      await blobs.put(blob, tx);
      await tx.insert(supportingDocuments).values(supportingRow(packageId, bytes));
    });
    // Nothing looked at S3 after the commit; the process could have ended here.
    expect(server.requestCount()).toBe(requestsBefore);
    expect(await (await blobStore()).get(sha256)).toEqual(bytes);
  });

  it("refers to bytes stored ahead only while their intent stands: past it, 503 and no row", async () => {
    const packageId = await aPackage();
    const { db } = await database();
    const bytes = randomBytes(3000);
    const blobs = await CreatedBlobs.open();
    const blob = { bytes };
    await blobs.storeAhead(db, [blob]);
    await db.update(blobWriteIntents).set({ expires: sql`now() - interval '1 second'` }).where(eq(blobWriteIntents.sha256, sha256Hex(bytes)));
    const referring = db.transaction(async (tx) => {
      await blobs.put(blob, tx);
      await tx.insert(supportingDocuments).values(supportingRow(packageId, bytes));
    });
    await expect(referring).rejects.toMatchObject({ status: 503, messageKey: "error.unavailable.blobWriteExpired" });
    await blobs.removeUnreferenced(db);
    expect(server.objectKeys()).not.toContain(objectKey(sha256Hex(bytes)));
    expect(await db.select().from(blobWriteIntents).where(eq(blobWriteIntents.sha256, sha256Hex(bytes)))).toEqual([]);
  });

  it("a failed request forgets its intents before removing what it stored, so its own intent does not keep the bytes", async () => {
    const { db } = await database();
    const bytes = randomBytes(3000);
    const blobs = await CreatedBlobs.open();
    await blobs.storeAhead(db, [{ bytes }]);
    expect(server.objectKeys()).toContain(objectKey(sha256Hex(bytes)));
    await blobs.removeUnreferenced(db);
    expect(server.objectKeys()).not.toContain(objectKey(sha256Hex(bytes)));
  });
});
