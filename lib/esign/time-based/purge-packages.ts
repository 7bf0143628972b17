import { and, asc, eq, getTableColumns, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { config } from "@/lib/config";
import { database, type Queryable } from "@/lib/db/client";
import { accountSettings, documents, packages, signerAttachmentFiles, supportingDocuments } from "@/lib/db/schema";
import { recordEvent } from "@/lib/esign/audit/record-event";
import { deleteUnreferencedBlobs, dropUnreferencedBlobs } from "@/lib/esign/storage/blob-references";
import { inScope, type SweepScope } from "./sweep-scope";

/** Statuses whose documents retention removes: a completed package, archived or not. */
export const PURGEABLE_STATUSES = ["COMPLETED", "ARCHIVED"];

/**
 * The days a package's documents are kept after completion: its account's data management policy
 * (transactionRetention.completed, or .archived for an archived package) when it sets one above 0,
 * else RETENTION_DAYS. Selected from `packages` (it names the table literally).
 */
export function retentionDays() {
  // The outer table named literally: an interpolated column would render unqualified and bind to account_settings.
  return sql<number>`coalesce(nullif((select (${accountSettings.value} -> 'transactionRetention' ->> (case when "packages"."status" = 'ARCHIVED' then 'archived' else 'completed' end))::int
    from ${accountSettings} where ${accountSettings.accountId} = "packages"."account_id" and ${accountSettings.name} = 'dataManagementPolicy'), 0), ${config().retentionDays})`;
}

/**
 * The shortest retention any package may have: RETENTION_DAYS or the shortest an account's data
 * management policy sets. No package completed after `at` minus this is due, which bounds the
 * sweep's range of the retention index (packages_sweep_retention_idx) before each row's own
 * retention is checked. A scalar subquery, evaluated once per statement.
 */
function shortestRetentionDays() {
  const policyDays = (member: "completed" | "archived") => sql`min(nullif((${accountSettings.value} -> 'transactionRetention' ->> ${member})::int, 0))`;
  return sql<number>`(select least(${config().retentionDays}, ${policyDays("completed")}, ${policyDays("archived")})
    from ${accountSettings} where ${accountSettings.name} = 'dataManagementPolicy')`;
}

/**
 * The claim of the package completed longest ago whose retention ended by `at`: a range of the
 * retention index (packages_sweep_retention_idx) up to the shortest retention, each row's own
 * retention checked in it.
 */
export function retentionClaim(q: Queryable, at: Date, scope: SweepScope = {}) {
  return q
    .select({ ...getTableColumns(packages), retentionDays: retentionDays().mapWith(Number) })
    .from(packages)
    .where(
      and(
        inArray(packages.status, PURGEABLE_STATUSES),
        isNull(packages.purged),
        isNotNull(packages.completed),
        sql`${packages.completed} <= ${at.toISOString()}::timestamptz - ${shortestRetentionDays()} * interval '1 day'`,
        sql`${packages.completed} <= ${at.toISOString()}::timestamptz - ${retentionDays()} * interval '1 day'`,
        inScope(scope),
      ),
    )
    .orderBy(asc(packages.completed))
    .limit(1)
    .for("update", { skipLocked: true });
}

/**
 * Purges one package completed more than RETENTION_DAYS before `at`, in one transaction: claims
 * it (FOR UPDATE SKIP LOCKED), drops its documents' and signers' attachment files' references to
 * their blobs (upload and sealed PDF; the hashes stay in the PACKAGE_PURGE audit message), sets
 * `purged`, and removes each blob nothing else refers to (blobs are content-addressed: the same
 * bytes in a live package stay). The `blobs` table's rows are deleted in the same transaction;
 * a store outside the database (files, S3) is cleaned after the commit, so a crash in between
 * leaves an unreferenced blob, never a reference to a missing one. Answers the package, or null when none
 * is due.
 */
export async function purgeOnePackage(at: Date, scope: SweepScope = {}): Promise<string | null> {
  const { db } = await database();
  const result = await db.transaction(async (tx) => {
    const [pkg] = await retentionClaim(tx, at, scope);
    if (!pkg) return null;

    const documentRows = await tx.select().from(documents).where(eq(documents.packageId, pkg.id));
    const attachmentRows = await tx.select().from(signerAttachmentFiles).where(and(eq(signerAttachmentFiles.packageId, pkg.id), isNotNull(signerAttachmentFiles.blobSha256)));
    // Supporting documents are kept with the package's documents and go with them.
    const supportingRows = await tx.delete(supportingDocuments).where(eq(supportingDocuments.packageId, pkg.id)).returning();
    const shas = [
      ...documentRows.flatMap((row) => [row.blobSha256, row.sealedBlobSha256, row.flattenedBlobSha256]),
      ...attachmentRows.map((row) => row.blobSha256),
      ...supportingRows.map((row) => row.blobSha256),
    ].filter((sha): sha is string => sha !== null);
    await tx.update(documents).set({ blobSha256: null, sealedBlobSha256: null, flattenedBlobSha256: null }).where(eq(documents.packageId, pkg.id));
    if (attachmentRows.length > 0) {
      await tx.update(signerAttachmentFiles).set({ blobSha256: null }).where(inArray(signerAttachmentFiles.id, attachmentRows.map((row) => row.id)));
    }
    await tx.update(packages).set({ purged: at, updated: at, awaitingSeal: false }).where(eq(packages.id, pkg.id));
    const unreferenced = await dropUnreferencedBlobs(tx, shas);

    const listed = documentRows
      .filter((row) => row.blobSha256 || row.sealedBlobSha256)
      .map((row) => `${row.id} (sha256 ${row.blobSha256 ?? "-"}${row.sealedBlobSha256 ? `, sealed ${row.sealedBlobSha256}` : ""})`);
    const attachments = attachmentRows.map((row) => `${row.name} of ${row.roleId} (sha256 ${row.blobSha256})`);
    await recordEvent(tx, {
      accountId: pkg.accountId,
      packageId: pkg.id,
      name: "PACKAGE_PURGE",
      sessionUser: pkg.ownerUserId,
      message:
        `Retention (${pkg.retentionDays} days after completion) removed the documents: ${listed.join(", ") || "none stored"}` +
        (attachments.length > 0 ? `; the signers' attachments: ${attachments.join(", ")}` : "") +
        (supportingRows.length > 0 ? `; the supporting documents: ${supportingRows.map((row) => `${row.name} (sha256 ${row.blobSha256})`).join(", ")}` : ""),
    });
    return { packageId: pkg.id, unreferenced };
  });
  if (!result) return null;

  await deleteUnreferencedBlobs(db, result.unreferenced);
  return result.packageId;
}

/** Purges every package past retention; answers how many. */
export async function purgeExpiredDocuments(at: Date, scope: SweepScope = {}): Promise<number> {
  let purged = 0;
  while (await purgeOnePackage(at, scope)) purged++;
  return purged;
}
