import { config } from "@/lib/config";
import type { Queryable } from "@/lib/db/client";
import type { Caller } from "@/lib/esign/accounts/caller";
import { onBehalfOfText, readPackageEvents, usersById, type EventActor } from "@/lib/esign/audit/package-events";
import { now } from "@/lib/esign/clock";
import { consentPdf } from "@/lib/esign/documents/consent-document";
import { CONSENT_DOCUMENT_ID } from "@/lib/esign/documents/consent-document-id";
import { certificateSigners, nameAndEmail } from "@/lib/esign/evidence/certificate-signers";
import type { CertificateInput } from "@/lib/esign/evidence/evidence-summary-pdf";
import { certificateEvents } from "@/lib/esign/evidence/event-wording";
import { knownTimeZone, readableIpAddress } from "@/lib/esign/evidence/evidence-time";
import { findPackage, type PackageRow } from "@/lib/esign/packages/find-package";
import { certificateMaterial } from "@/lib/esign/pdf/certificate-material";
import { runPdfJob } from "@/lib/esign/pdf/pdf-pool";
import { serviceCertificate } from "@/lib/esign/sealing/service-certificate";
import { blobStore, sha256Hex } from "@/lib/esign/storage/blob-store";
import { packageDocuments, responseBytes, safeFileName, type DocumentRow, type SizedDownloadFile } from "./document-file";

/**
 * GET /api/packages/{packageId}/evidence/summary: the certificate of completion (the evidence
 * summary), as a PDF. The file keeps its old name for clients that expect it.
 */
export async function evidenceSummary(db: Queryable, caller: Caller, packageId: string): Promise<SizedDownloadFile> {
  const pkg = await findPackage(db, caller, packageId);
  const bytes = await certificateOfCompletion(db, pkg);
  return {
    fileName: `${safeFileName(pkg.name, pkg.id)} - Evidence Summary.pdf`,
    contentType: "application/pdf",
    body: responseBytes(bytes),
    size: bytes.byteLength,
  };
}

/** The certificate's name in the package's zip download. */
export function certificateFileName(pkg: PackageRow): string {
  return `${safeFileName(pkg.name, pkg.id)} - Certificate of Completion.pdf`;
}

/**
 * The package's certificate of completion as it stands now: laid out, each signer's signature
 * drawn as the seal draws it on documents, then sealed with the service's PAdES signature like
 * the documents are (all three on a PDF worker).
 */
export async function certificateOfCompletion(db: Queryable, pkg: PackageRow): Promise<Uint8Array> {
  const store = await blobStore();
  const documents = await packageDocuments(db, pkg.id);
  const documentNames = new Map(documents.map((document) => [document.id, document.name]));
  const events = await readPackageEvents(db, pkg.id);
  const owner = (await usersById(db, [pkg.ownerUserId])).get(pkg.ownerUserId);
  const generated = now();

  const layout: CertificateInput = {
    generated,
    timeZone: knownTimeZone(pkg.timezoneId),
    language: pkg.language,
    package: {
      id: pkg.id,
      name: pkg.name,
      status: statusInWords(pkg),
      owner: owner ? nameAndEmail(owner.name, owner.email) : pkg.ownerUserId,
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
        notSealedBecause: document.id === CONSENT_DOCUMENT_ID ? "not sealed: the consent is accepted, not signed" : undefined,
      })),
    ),
    signers: await certificateSigners(db, store, pkg.id, documents),
    events: certificateEvents(
      events.map(({ event, actor, onBehalfOf }) => ({
        event: { ...event, ipAddress: readableIpAddress(event.ipAddress) },
        // A delegate's action: who did it, and on whose behalf (lib/esign/senders/delegates.ts).
        actor: onBehalfOf ? `${actorText(actor)}\n${onBehalfOfText(onBehalfOf)}` : actorText(actor),
      })),
      documentNames,
    ),
  };
  return runPdfJob(
    "sealCertificate",
    {
      layout,
      certificate: certificateMaterial(await serviceCertificate()),
      reason: `Certificate of completion of ${pkg.name}, issued by Signet`,
      signingTime: generated,
      timestampAuthorityUrl: config().sealTsaUrl,
    },
    { accountId: pkg.accountId, documentName: `Certificate of Completion of ${pkg.name}` },
  );
}

const STATUS_WORDS: Record<string, string> = {
  DRAFT: "Draft: not sent yet",
  SENT: "Sent: signing in progress",
  COMPLETED: "Completed",
  ARCHIVED: "Completed and archived",
  DECLINED: "Declined",
  OPTED_OUT: "A signer opted out",
  EXPIRED: "Expired",
};

function statusInWords(pkg: PackageRow): string {
  const words = `${STATUS_WORDS[pkg.status] ?? pkg.status} (${pkg.status})`;
  return pkg.trashed ? `${words}, in the trash` : words;
}

/** Who did an event: a user or a signer by name and e-mail (a group as such); anything else as recorded. */
function actorText(actor: EventActor): string {
  switch (actor.kind) {
    case "user":
      return nameAndEmail(actor.name, actor.email);
    case "signer":
      return actor.group ? `Group ${nameAndEmail(actor.name, actor.email)}` : nameAndEmail(actor.name, actor.email) || actor.roleId;
    case "recorded":
      return actor.sessionUser;
  }
}

/** Blobs are addressed by their SHA-256; the consent document may carry none, its bytes are built in. */
async function originalSha256(document: DocumentRow): Promise<string | null> {
  if (document.blobSha256) return document.blobSha256;
  return document.id === CONSENT_DOCUMENT_ID ? sha256Hex(await consentPdf()) : null;
}
