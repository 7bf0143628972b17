import { and, eq, isNull, ne } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import { documents, type packages } from "@/lib/db/schema";
import { CONSENT_DOCUMENT_ID } from "@/lib/esign/documents/consent-document-id";
import { isComplete } from "@/lib/esign/packages/package-status";

export type PackageRow = typeof packages.$inferSelect;
export type DocumentRow = typeof documents.$inferSelect;

/** Complete (COMPLETED or ARCHIVED) and its documents still stored. */
export function isSealable(pkg: PackageRow): boolean {
  return pkg.type === "PACKAGE" && isComplete(pkg.status) && !pkg.purged;
}

/** The package's documents to seal: stored, not sealed, not the consent document. */
export async function unsealedDocuments(db: Queryable, packageId: string): Promise<DocumentRow[]> {
  const rows = await db
    .select()
    .from(documents)
    .where(and(eq(documents.packageId, packageId), ne(documents.id, CONSENT_DOCUMENT_ID), isNull(documents.sealedBlobSha256)));
  return rows.filter((row) => row.blobSha256 !== null).sort((a, b) => a.index - b.index || a.position - b.position);
}
