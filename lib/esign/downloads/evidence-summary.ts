import { eq } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import { approvalSignatures, roles, roleSigningStates } from "@/lib/db/schema";
import type { Caller } from "@/lib/esign/accounts/caller";
import { readPackageEvents, usersById, type EventActor } from "@/lib/esign/audit/package-events";
import { now } from "@/lib/esign/clock";
import { CONSENT_DOCUMENT_ID, consentPdf } from "@/lib/esign/documents/consent-document";
import { buildEvidenceSummaryPdf, type EvidenceSigner } from "@/lib/esign/evidence/evidence-summary-pdf";
import { findPackage } from "@/lib/esign/packages/find-package";
import { isSigningRole } from "@/lib/esign/packages/package-content";
import { attachmentFilesOf, type AttachmentFileRow } from "@/lib/esign/signing/attachments/requirement-files";
import { requirementsOf } from "@/lib/esign/signing/attachments/requirements";
import { findVerificationType } from "@/lib/esign/verification/verification-types";
import { sha256Hex } from "@/lib/esign/storage/blob-store";
import { packageDocuments, responseBytes, safeFileName, type DocumentRow, type SizedDownloadFile } from "./document-file";

/** GET /api/packages/{packageId}/evidence/summary: the audit trail so far, as a PDF. */
export async function evidenceSummary(db: Queryable, caller: Caller, packageId: string): Promise<SizedDownloadFile> {
  const pkg = await findPackage(db, caller, packageId);
  const documents = await packageDocuments(db, pkg.id);
  const events = await readPackageEvents(db, pkg.id);
  const owner = (await usersById(db, [pkg.ownerUserId])).get(pkg.ownerUserId);
  const signers = await evidenceSigners(db, pkg.id, documents);

  const bytes = await buildEvidenceSummaryPdf({
    generated: now(),
    package: {
      id: pkg.id,
      name: pkg.name,
      status: pkg.trashed ? `${pkg.status} (in trash)` : pkg.status,
      owner: owner ? personLines(owner) : pkg.ownerUserId,
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
    signers,
    events: events.map(({ event, actor }) => ({
      created: event.created,
      name: event.name,
      actor: actorLines(actor),
      ipAddress: event.ipAddress ?? "",
      userAgent: event.userAgent ?? "",
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

interface StoredSigner {
  firstName?: string;
  lastName?: string;
  email?: string;
  group?: { name?: string; email?: string };
}

/** "Name <e-mail>", or the one that is there. */
function nameAndEmail(name: string | null | undefined, email: string | null | undefined): string {
  const cleanName = (name ?? "").trim();
  const cleanEmail = (email ?? "").trim();
  if (cleanName && cleanEmail) return `${cleanName} <${cleanEmail}>`;
  return cleanName || cleanEmail;
}

/** What an approval signature says was done, in words. */
function actionOf(signature: typeof approvalSignatures.$inferSelect): string {
  switch (signature.kind) {
    case "FULLNAME":
      return `Signed with a typed name: ${signature.text || signature.signerName}`;
    case "INITIALS":
      return `Signed with initials: ${signature.text ?? ""}`.trim();
    case "CAPTURE":
      return `Signed by hand (drawn signature)\nImage SHA-256: ${signature.imageSha256 ?? "not stored"}`;
    case "ACCEPT":
      return "Accepted";
    default:
      return signature.kind;
  }
}

/** How the signer was verified (spec 2.5), in words. */
function verificationOf(role: typeof roles.$inferSelect, verified: Date | null): string {
  if (!role.verification) return "No verification attached: identified by their personal signing link.";
  const typeId = role.verification.typeId;
  const type = findVerificationType(typeId);
  const named = type ? `${type.name} (${type.id})` : typeId;
  return verified ? `${named}: passed at ${verified.toISOString()}` : `${named}: not passed`;
}

/** Every signing role with its state and its signatures, in signing order. */
async function evidenceSigners(db: Queryable, packageId: string, documentRows: DocumentRow[]): Promise<EvidenceSigner[]> {
  const documentOrder = new Map(documentRows.map((document, i) => [document.id, i]));
  const documentNames = new Map(documentRows.map((document) => [document.id, document.name]));
  const roleRows = (await db.select().from(roles).where(eq(roles.packageId, packageId)))
    .filter(isSigningRole)
    .sort((a, b) => a.index - b.index || a.position - b.position);
  const states = new Map(
    (await db.select().from(roleSigningStates).where(eq(roleSigningStates.packageId, packageId))).map((state) => [state.roleId, state]),
  );
  const signatures = await db.select().from(approvalSignatures).where(eq(approvalSignatures.packageId, packageId));
  const attachmentFiles = await attachmentFilesOf(db, packageId);
  // In time order; those of one moment (a document signed in one action) in the documents' order.
  signatures.sort((a, b) => a.signedAt.getTime() - b.signedAt.getTime() || (documentOrder.get(a.documentId) ?? 0) - (documentOrder.get(b.documentId) ?? 0));
  return roleRows.map((role) => {
    const signer = (role.signer ?? {}) as StoredSigner;
    const state = states.get(role.id);
    return {
      roleId: role.id,
      signer: signer.group
        ? `Group ${nameAndEmail(signer.group.name, signer.group.email || signer.email)}`
        : nameAndEmail(`${signer.firstName ?? ""} ${signer.lastName ?? ""}`, signer.email),
      signedForGroupBy: signer.group && state?.signedByEmail ? nameAndEmail(state.signedByName, state.signedByEmail) : null,
      verification: verificationOf(role, state?.verified ?? null),
      consentAccepted: state?.consentAccepted ?? null,
      completed: state?.completed ?? null,
      actions: signatures
        .filter((signature) => signature.roleId === role.id)
        .map((signature) => ({
          at: signature.signedAt,
          document: documentNames.get(signature.documentId) ?? signature.documentId,
          action: actionOf(signature),
          by: nameAndEmail(signature.signerName, signature.signerEmail),
          ipAddress: signature.ipAddress ?? "",
          userAgent: signature.userAgent ?? "",
        }))
        .concat(attachmentActions(role, attachmentFiles))
        .sort((a, b) => a.at.getTime() - b.at.getTime()),
    };
  });
}

/** The files the role's signer uploaded for its attachment requirements (PACKAGE_ATTACHMENT), as actions. */
function attachmentActions(role: typeof roles.$inferSelect, files: AttachmentFileRow[]): EvidenceSigner["actions"] {
  const names = new Map(requirementsOf(role).map((requirement) => [requirement.id, requirement.name]));
  return files
    .filter((file) => file.roleId === role.id)
    .map((file) => ({
      at: file.uploaded,
      document: `Attachment: ${names.get(file.requirementId) ?? file.requirementId}`,
      action: `Uploaded "${file.name}" (${file.size} bytes)\nSHA-256: ${file.blobSha256 ?? "not stored"}`,
      by: nameAndEmail(file.uploadedByName, file.uploadedByEmail),
      ipAddress: "",
      userAgent: "",
    }));
}

/** "First Last\nemail". */
function personLines(person: { name: string; email: string }): string {
  return `${person.name}\n${person.email}`.trim();
}

/** Who did an event, as the summary shows it: a user by name and e-mail, a signer with the role they signed as. */
function actorLines(actor: EventActor): string {
  switch (actor.kind) {
    case "user":
      return personLines(actor);
    case "signer":
      return `${actor.group ? `Group ${nameAndEmail(actor.name, actor.email)}` : nameAndEmail(actor.name, actor.email)}\nrole ${actor.roleId}`;
    case "recorded":
      return actor.sessionUser;
  }
}

/** Blobs are addressed by their SHA-256; the consent document may carry none, its bytes are built in. */
async function originalSha256(document: DocumentRow): Promise<string | null> {
  if (document.blobSha256) return document.blobSha256;
  return document.id === CONSENT_DOCUMENT_ID ? sha256Hex(await consentPdf()) : null;
}
