import { and, eq, inArray, sql } from "drizzle-orm";
import { config } from "@/lib/config";
import type { Db, Queryable } from "@/lib/db/client";
import { approvalSignatures, approvals, documents, fields, packages, roleSigningStates, roles, users } from "@/lib/db/schema";
import { displayName, findNotary } from "@/lib/esign/notary/notarization";
import { certificateMaterial } from "@/lib/esign/pdf/certificate-material";
import { runPdfJob } from "@/lib/esign/pdf/pdf-pool";
import { emailSignerCopies } from "@/lib/esign/signing/copies/email-signer-copies";
import { deleteUnreferencedBlobs } from "@/lib/esign/storage/blob-references";
import { blobStore, type BlobStore } from "@/lib/esign/storage/blob-store";
import { fieldStamps, type FieldStampSources, type SignerDetails } from "./field-stamps";
import { type DocumentRow, isSealable, type PackageRow, unsealedDocuments } from "./sealable-documents";
import { releaseSealLease } from "./seal-lease";
import { serviceCertificate } from "./service-certificate";
import type { SealPackageResult } from "./seal-package";

/**
 * The seal itself, while the run holds the package's lease (sealPackage): each document stamped and
 * signed in the PDF workers, then stored in one transaction that ends the lease. Loaded once the
 * lease is taken, so that a run killed while this code loads is one whose lease the other instances
 * see go stale.
 */
export async function sealUnderLease(db: Db, pkg: PackageRow, runHolder: string): Promise<SealPackageResult> {
  const packageId = pkg.id;
  // Read again under the lease: a run that held it before may have stored some seals meanwhile.
  const unsealed = await unsealedDocuments(db, packageId);
  if (unsealed.length === 0) return { sealed: [] };

  const store = await blobStore();
  const certificate = certificateMaterial(await serviceCertificate());
  const sourcesOf = await stampSources(db, pkg, unsealed, store);
  const reason = `Sealed by Signet on completion of ${pkg.name}`;
  const signingTime = pkg.completed ?? pkg.updated;
  const timestampAuthorityUrl = config().sealTsaUrl;
  const notarySeal = await notarySealLines(db, pkg);
  const results: { document: DocumentRow; bytes: Uint8Array }[] = [];
  for (const document of unsealed) {
    const original = await store.get(document.blobSha256!);
    if (!original) throw new Error(`The original of document ${document.id} of package ${packageId} (${document.blobSha256}) is not stored.`);
    const stamps = fieldStamps(sourcesOf(document.id));
    const coverTextTags = document.extract && document.extractionTypes.includes("TEXT_TAGS");
    const bytes = await runPdfJob(
      "sealDocument",
      { pdf: original, fields: stamps, coverTextTags, documentName: document.name, certificate, reason, signingTime, timestampAuthorityUrl, notarySeal, language: pkg.language },
      { accountId: pkg.accountId, documentName: document.name },
    );
    results.push({ document, bytes });
  }

  const written: string[] = [];
  try {
    const sealed = await db.transaction(async (tx) => {
      const [locked] = await tx.select().from(packages).where(eq(packages.id, packageId)).for("update");
      if (!locked || !isSealable(locked)) return [];
      // Lost the lease (this process stalled past it and another run took over): that run stores its seal.
      if (!(await releaseSealLease(tx, packageId, runHolder))) return [];
      const stillUnsealed = new Map((await unsealedDocuments(tx, packageId)).map((document) => [document.id, document]));
      const done: string[] = [];
      for (const { document, bytes } of results) {
        // Sealed meanwhile by another run, or its original changed: this result is not the one to keep.
        if (stillUnsealed.get(document.id)?.blobSha256 !== document.blobSha256) continue;
        const { sha256, created } = await store.put(bytes, tx);
        if (created && !store.transactional) written.push(sha256);
        await tx
          .update(documents)
          .set({ sealedBlobSha256: sha256 })
          .where(and(eq(documents.packageId, packageId), eq(documents.id, document.id)));
        done.push(document.id);
      }
      // This run sealed the last document: no longer awaiting, and the signers get their copy (once, the package row being locked).
      if (done.length > 0 && (await unsealedDocuments(tx, packageId)).length === 0) {
        await tx.update(packages).set({ awaitingSeal: false }).where(eq(packages.id, packageId));
        if (!locked.trashed) await emailSignerCopies(tx, locked);
      }
      return done;
    });
    return { sealed };
  } catch (error) {
    // A store outside the database (files, S3) kept what it wrote: remove what nothing refers to.
    await deleteUnreferencedBlobs(db, written);
    throw error;
  }
}

/** A notarized package's notary stamp (undefined otherwise): who notarized, under which commission, when. */
async function notarySealLines(db: Queryable, pkg: PackageRow): Promise<string[] | undefined> {
  const notary = await findNotary(db, pkg);
  if (!notary?.commission) return undefined;
  const day = (date: Date) => date.toISOString().slice(0, 10);
  return [
    "ELECTRONIC NOTARY SEAL",
    `Notary: ${displayName(notary.user)}`,
    `Commission No. ${notary.commission.number}`,
    `Jurisdiction: ${notary.commission.jurisdiction}${notary.commission.country ? `, ${notary.commission.country}` : ""}`,
    `Commission expires: ${day(notary.commission.expirationDate)}`,
    `Notarized: ${day(pkg.completed ?? pkg.updated)}`,
  ];
}

/**
 * What the stamps of each document to seal come from, read once for the package: its fields,
 * approvals and signatures, the signers of its roles and the hand-drawn signatures' images.
 */
async function stampSources(
  db: Queryable,
  pkg: PackageRow,
  sealing: DocumentRow[],
  store: BlobStore,
): Promise<(documentId: string) => FieldStampSources> {
  const documentIds = sealing.map((document) => document.id);
  const fieldRows = await db.select().from(fields).where(and(eq(fields.packageId, pkg.id), inArray(fields.documentId, documentIds)));
  const approvalRows = await db.select().from(approvals).where(and(eq(approvals.packageId, pkg.id), inArray(approvals.documentId, documentIds)));
  const signatureRows = await db
    .select()
    .from(approvalSignatures)
    .where(and(eq(approvalSignatures.packageId, pkg.id), inArray(approvalSignatures.documentId, documentIds)));
  const signers = await signerDetails(db, pkg.id);

  const images = new Map<string, Uint8Array>();
  for (const signature of signatureRows) {
    if (signature.kind !== "CAPTURE" || !signature.imageSha256 || images.has(signature.imageSha256)) continue;
    const image = await store.get(signature.imageSha256);
    if (image) images.set(signature.imageSha256, image);
  }

  return (documentId) => ({
    timezoneId: pkg.timezoneId,
    fields: fieldRows.filter((row) => row.documentId === documentId),
    approvals: new Map(approvalRows.filter((row) => row.documentId === documentId).map((row) => [row.id, row])),
    signatures: new Map(signatureRows.filter((row) => row.documentId === documentId).map((row) => [row.approvalId, row])),
    signers,
    images,
  });
}

/**
 * Each role's signer as labels show them: the person's name, title and company; for a group, the
 * member who signed for it (their own title and company when they are a user of the service).
 */
async function signerDetails(db: Queryable, packageId: string): Promise<Map<string, SignerDetails>> {
  const roleRows = await db.select().from(roles).where(eq(roles.packageId, packageId));
  const states = await db.select().from(roleSigningStates).where(eq(roleSigningStates.packageId, packageId));
  const signedBy = new Map(states.map((state) => [state.roleId, state]));
  const memberEmails = states.flatMap((state) => (state.signedByEmail ? [state.signedByEmail.toLowerCase()] : []));
  const members = memberEmails.length
    ? await db
        .select({ email: users.email, title: users.title, company: users.company })
        .from(users)
        .where(inArray(sql`lower(${users.email})`, memberEmails))
    : [];
  const memberByEmail = new Map(members.map((member) => [member.email.toLowerCase(), member]));

  const details = new Map<string, SignerDetails>();
  for (const role of roleRows) {
    const signer = (role.signer ?? {}) as { firstName?: string; lastName?: string; email?: string; title?: string; company?: string; language?: unknown; group?: { name?: string } };
    const language = typeof signer.language === "string" && signer.language ? signer.language : undefined;
    const personName = `${signer.firstName ?? ""} ${signer.lastName ?? ""}`.trim() || signer.email || "";
    const state = signedBy.get(role.id);
    if (signer.group && state?.signedByName) {
      const member = state.signedByEmail ? memberByEmail.get(state.signedByEmail.toLowerCase()) : undefined;
      details.set(role.id, { name: state.signedByName, title: member?.title ?? "", company: member?.company ?? "", language });
    } else {
      details.set(role.id, { name: personName, title: signer.title ?? "", company: signer.company ?? "", language });
    }
  }
  return details;
}
