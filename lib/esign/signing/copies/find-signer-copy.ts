import { and, eq } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import { packages, roles, signingLinks } from "@/lib/db/schema";
import { now } from "@/lib/esign/clock";
import { CONSENT_DOCUMENT_ID } from "@/lib/esign/documents/consent-document-id";
import { documentsHiddenFrom } from "@/lib/esign/documents/document-visibility";
import { packageDocuments, type DocumentRow } from "@/lib/esign/downloads/document-file";
import { conflict, gone, notFound } from "@/lib/esign/errors";
import type { PackageRow } from "@/lib/esign/packages/find-package";
import { isComplete } from "@/lib/esign/packages/package-status";
import { isPlausibleSigningToken, signingTokenHash } from "../links/signing-token";
import { copiesAvailableUntil } from "./signer-copy-links";

/** What a signer's copy link opens: the completed package, the signer's role, and its sealed documents. */
export interface SignerCopy {
  pkg: PackageRow;
  roleId: string;
  memberEmail: string | null;
  /** The package's documents the signer sees (document visibility), the consent document aside, every one sealed. */
  documents: DocumentRow[];
  /** Whether some of the package's documents are hidden from this signer (so left out of their copy). */
  hidesDocuments: boolean;
  availableUntil: Date;
}

const unknownLink = () =>
  notFound("error.notFound.signerCopyLink", "This download link is not valid. Check that you opened the whole link from your e-mail.");

/**
 * The signer's copy a COPY link's token opens. It works while the package is complete, not
 * deleted or in the trash, and its documents are kept (retention); 404 for no such link, 410 for
 * one that no longer works, 409 while the documents are being sealed.
 */
export async function findSignerCopy(db: Queryable, token: string | null | undefined): Promise<SignerCopy> {
  if (!isPlausibleSigningToken(token)) throw unknownLink();
  const [link] = await db
    .select()
    .from(signingLinks)
    .where(and(eq(signingLinks.tokenHash, signingTokenHash(token)), eq(signingLinks.kind, "COPY")));
  if (!link) throw unknownLink();
  const [pkg] = await db.select().from(packages).where(eq(packages.id, link.packageId));
  if (!pkg || pkg.status === "DELETED" || pkg.trashed) {
    throw gone("error.gone.packageDeleted", "The sender has deleted these documents; they can no longer be downloaded here.");
  }
  if (!isComplete(pkg.status)) throw gone("error.gone.packageNotComplete", `"${pkg.name}" is not complete; there is no signed copy to download.`);
  const availableUntil = await copiesAvailableUntil(db, pkg.id);
  if (pkg.purged || !availableUntil || availableUntil.getTime() <= now().getTime()) {
    throw gone("error.gone.signerCopyExpired", `The signed documents of "${pkg.name}" are no longer kept, so they can no longer be downloaded.`);
  }
  const documents = (await packageDocuments(db, pkg.id)).filter((document) => document.id !== CONSENT_DOCUMENT_ID);
  if (documents.some((document) => !document.sealedBlobSha256)) {
    throw conflict("error.conflict.packageNotSealed", `The signed documents of "${pkg.name}" are still being sealed; try again in a minute.`);
  }
  const [role] = await db.select({ id: roles.id, type: roles.type }).from(roles).where(and(eq(roles.packageId, pkg.id), eq(roles.id, link.roleId)));
  const hidden = role ? await documentsHiddenFrom(db, pkg, role) : new Set<string>();
  const visible = documents.filter((document) => !hidden.has(document.id));
  return { pkg, roleId: link.roleId, memberEmail: link.memberEmail, documents: visible, hidesDocuments: visible.length < documents.length, availableUntil };
}
