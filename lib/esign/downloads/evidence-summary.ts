import { asc, eq, inArray } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import { auditEvents, users } from "@/lib/db/schema";
import type { Caller } from "@/lib/esign/accounts/caller";
import { now } from "@/lib/esign/clock";
import { CONSENT_DOCUMENT_ID, consentPdf } from "@/lib/esign/documents/consent-document";
import { buildEvidenceSummaryPdf } from "@/lib/esign/evidence/evidence-summary-pdf";
import { findPackage } from "@/lib/esign/packages/find-package";
import { sha256Hex } from "@/lib/esign/storage/blob-store";
import { packageDocuments, responseBytes, safeFileName, type DocumentRow, type SizedDownloadFile } from "./document-file";

/** GET /api/packages/{packageId}/evidence/summary: the audit trail so far, as a PDF. */
export async function evidenceSummary(db: Queryable, caller: Caller, packageId: string): Promise<SizedDownloadFile> {
  const pkg = await findPackage(db, caller, packageId);
  const documents = await packageDocuments(db, pkg.id);
  const events = await db.select().from(auditEvents).where(eq(auditEvents.packageId, pkg.id)).orderBy(asc(auditEvents.id));
  const people = await userNames(db, [pkg.ownerUserId, ...events.map((event) => event.sessionUser)]);

  const bytes = await buildEvidenceSummaryPdf({
    generated: now(),
    package: {
      id: pkg.id,
      name: pkg.name,
      status: pkg.trashed ? `${pkg.status} (in trash)` : pkg.status,
      owner: people.get(pkg.ownerUserId) ?? pkg.ownerUserId,
      created: pkg.created,
      sent: pkg.sent,
      completed: pkg.completed,
    },
    documents: await Promise.all(
      documents.map(async (document) => ({
        id: document.id,
        name: document.name,
        originalSha256: await originalSha256(document),
        sealedSha256: document.sealedBlobSha256,
      })),
    ),
    events: events.map((event) => ({
      created: event.created,
      name: event.name,
      actor: people.get(event.sessionUser) ?? event.sessionUser,
      ipAddress: event.ipAddress ?? "",
      documentId: event.documentId ?? "",
      message: event.message ?? (event.newRoleId ? `New role: ${event.newRoleId}` : ""),
    })),
  });
  return {
    fileName: `${safeFileName(pkg.name, pkg.id)} - Evidence Summary.pdf`,
    contentType: "application/pdf",
    body: responseBytes(bytes),
    size: bytes.byteLength,
  };
}

/** "First Last\nemail" for every id that is a user; session users that are not (signers) stay as recorded. */
async function userNames(db: Queryable, ids: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(inArray(users.id, unique));
  return new Map(rows.map((user) => [user.id, `${`${user.firstName} ${user.lastName}`.trim()}\n${user.email}`.trim()]));
}

/** Blobs are addressed by their SHA-256; the consent document may carry none, its bytes are built in. */
async function originalSha256(document: DocumentRow): Promise<string | null> {
  if (document.blobSha256) return document.blobSha256;
  return document.id === CONSENT_DOCUMENT_ID ? sha256Hex(await consentPdf()) : null;
}
