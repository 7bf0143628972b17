import { and, eq, inArray, isNotNull, isNull, lte, or } from "drizzle-orm";
import { config } from "@/lib/config";
import { database, type Queryable } from "@/lib/db/client";
import { documents, packages } from "@/lib/db/schema";
import { recordEvent } from "@/lib/esign/audit/record-event";
import { blobStore, PostgresBlobStore } from "@/lib/esign/storage/blob-store";
import { inScope, type SweepScope } from "./sweep-scope";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Statuses whose documents retention removes: a completed package, archived or not. */
export const PURGEABLE_STATUSES = ["COMPLETED", "ARCHIVED"];

/** Of `shas`, those some document (of any package) still refers to, as upload or as sealed PDF. */
async function referencedBlobs(db: Queryable, shas: string[]): Promise<Set<string>> {
  if (shas.length === 0) return new Set();
  const rows = await db
    .select({ blob: documents.blobSha256, sealed: documents.sealedBlobSha256 })
    .from(documents)
    .where(or(inArray(documents.blobSha256, shas), inArray(documents.sealedBlobSha256, shas)));
  return new Set(rows.flatMap((row) => [row.blob, row.sealed]).filter((sha): sha is string => sha !== null));
}

/**
 * Purges one package completed more than RETENTION_DAYS before `at`, in one transaction: claims
 * it (FOR UPDATE SKIP LOCKED), drops its documents' references to their blobs (upload and sealed
 * PDF; the hashes stay in the PACKAGE_PURGE audit message), sets `purged`, and removes each blob
 * no other document refers to (blobs are content-addressed: the same bytes in a live package
 * stay). On PostgreSQL the `blobs` rows are deleted in the same transaction; the file store is
 * cleaned after the commit, so a crash in between leaves an unreferenced file, never a reference
 * to a missing one. Answers the package, or null when none is due.
 */
export async function purgeOnePackage(at: Date, scope: SweepScope = {}): Promise<string | null> {
  const { db, kind } = await database();
  const cutoff = new Date(at.getTime() - config().retentionDays * DAY_MS);
  const result = await db.transaction(async (tx) => {
    const [pkg] = await tx
      .select()
      .from(packages)
      .where(and(inArray(packages.status, PURGEABLE_STATUSES), isNull(packages.purged), isNotNull(packages.completed), lte(packages.completed, cutoff), inScope(scope)))
      .limit(1)
      .for("update", { skipLocked: true });
    if (!pkg) return null;

    const documentRows = await tx.select().from(documents).where(eq(documents.packageId, pkg.id));
    const shas = [...new Set(documentRows.flatMap((row) => [row.blobSha256, row.sealedBlobSha256]).filter((sha): sha is string => sha !== null))];
    await tx.update(documents).set({ blobSha256: null, sealedBlobSha256: null }).where(eq(documents.packageId, pkg.id));
    await tx.update(packages).set({ purged: at, updated: at }).where(eq(packages.id, pkg.id));

    const stillReferenced = await referencedBlobs(tx, shas);
    const unreferenced = shas.filter((sha) => !stillReferenced.has(sha));
    if (kind === "postgres") {
      const inTransaction = new PostgresBlobStore(tx);
      for (const sha of unreferenced) await inTransaction.delete(sha);
    }
    const listed = documentRows
      .filter((row) => row.blobSha256 || row.sealedBlobSha256)
      .map((row) => `${row.id} (sha256 ${row.blobSha256 ?? "-"}${row.sealedBlobSha256 ? `, sealed ${row.sealedBlobSha256}` : ""})`);
    await recordEvent(tx, {
      accountId: pkg.accountId,
      packageId: pkg.id,
      name: "PACKAGE_PURGE",
      sessionUser: pkg.ownerUserId,
      message: `Retention (${config().retentionDays} days after completion) removed the documents: ${listed.join(", ") || "none stored"}`,
    });
    return { packageId: pkg.id, unreferenced };
  });
  if (!result) return null;

  if (kind !== "postgres" && result.unreferenced.length > 0) {
    // Checked again after the commit: a package created meanwhile may have stored the same bytes.
    const stillReferenced = await referencedBlobs(db, result.unreferenced);
    const store = await blobStore();
    for (const sha of result.unreferenced) if (!stillReferenced.has(sha)) await store.delete(sha);
  }
  return result.packageId;
}

/** Purges every package past retention; answers how many. */
export async function purgeExpiredDocuments(at: Date, scope: SweepScope = {}): Promise<number> {
  let purged = 0;
  while (await purgeOnePackage(at, scope)) purged++;
  return purged;
}
