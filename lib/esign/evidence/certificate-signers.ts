import { eq } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import { approvalSignatures, roles, roleSigningStates } from "@/lib/db/schema";
import { isSigningRole } from "@/lib/esign/packages/package-content";
import { signatureValue } from "@/lib/esign/sealing/field-stamps";
import type { StampValue } from "@/lib/esign/sealing/stamp-fields";
import { attachmentFilesOf, type AttachmentFileRow } from "@/lib/esign/signing/attachments/requirement-files";
import { requirementsOf } from "@/lib/esign/signing/attachments/requirements";
import type { BlobStore } from "@/lib/esign/storage/blob-store";
import { signatureFontNamed } from "@/lib/esign/signing/signature-fonts";
import { signatureShortId } from "@/lib/esign/signing/signature-id";
import { maskedPhone, phoneOf, questionsOf, requiredScheme, storedAuthOf } from "@/lib/esign/signing/authentication/signer-auth";
import { findVerificationType } from "@/lib/esign/verification/verification-types";
import type { CertificateSigner } from "./evidence-summary-pdf";
import { readableIpAddress } from "./evidence-time";
import { throughTheApi } from "@/lib/esign/signing/api/through-the-api";

type SignatureRow = typeof approvalSignatures.$inferSelect;

interface StoredSigner {
  firstName?: string;
  lastName?: string;
  email?: string;
  language?: unknown;
  group?: { name?: string; email?: string };
}

/** The signer's own authentication (`auth`) in words, with when it was passed; null for the signing link alone. */
function authenticationOf(auth: unknown, passed: Date | null): { method: string; passed: Date | null } | null {
  const scheme = requiredScheme(auth);
  if (!scheme) return null;
  const stored = storedAuthOf(auth);
  const count = questionsOf(stored).length;
  const questions = `Security questions (Q&A, ${count} question${count === 1 ? "" : "s"})`;
  const code = `Code sent by text message (SMS) to ${maskedPhone(phoneOf(stored))}`;
  const method = scheme === "CHALLENGE" ? questions : scheme === "SMS" ? code : `${questions}, then a ${code.charAt(0).toLowerCase()}${code.slice(1)}`;
  return { method, passed };
}

/** "Name <e-mail>", or the one that is there. */
export function nameAndEmail(name: string | null | undefined, email: string | null | undefined): string {
  const cleanName = (name ?? "").trim();
  const cleanEmail = (email ?? "").trim();
  if (cleanName && cleanEmail) return `${cleanName} <${cleanEmail}>`;
  return cleanName || cleanEmail;
}

/** Every signing role with its state, its signature and its actions, in signing order. */
export async function certificateSigners(
  db: Queryable,
  store: BlobStore,
  packageId: string,
  documents: { id: string; name: string }[],
): Promise<CertificateSigner[]> {
  const documentOrder = new Map(documents.map((document, i) => [document.id, i]));
  const documentNames = new Map(documents.map((document) => [document.id, document.name]));
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

  const signers: CertificateSigner[] = [];
  for (const role of roleRows) {
    const signer = (role.signer ?? {}) as StoredSigner;
    const state = states.get(role.id);
    const own = signatures.filter((signature) => signature.roleId === role.id);
    const verification = role.verification ? findVerificationType(role.verification.typeId) : undefined;
    signers.push({
      roleId: role.id,
      ...(typeof signer.language === "string" && signer.language ? { language: signer.language } : {}),
      signer: signer.group
        ? `Group ${nameAndEmail(signer.group.name, signer.group.email || signer.email)}`
        : nameAndEmail(`${signer.firstName ?? ""} ${signer.lastName ?? ""}`, signer.email),
      signedForGroupBy: signer.group && state?.signedByEmail ? nameAndEmail(state.signedByName, state.signedByEmail) : null,
      verification: role.verification
        ? { method: verification ? `${verification.name} (${verification.id})` : role.verification.typeId, passed: state?.verified ?? null }
        : null,
      authentication: authenticationOf(role.signer?.auth, state?.authenticated ?? null),
      consentAccepted: state?.consentAccepted ?? null,
      completed: state?.completed ?? null,
      signature: await signatureOf(store, own),
      actions: own
        .map((signature) => ({
          at: signature.signedAt,
          document: documentNames.get(signature.documentId) ?? signature.documentId,
          action: actionOf(signature),
          by: nameAndEmail(signature.signerName, signature.signerEmail),
          ipAddress: readableIpAddress(signature.ipAddress),
          userAgent: signature.userAgent ?? "",
        }))
        .concat(attachmentActions(role, attachmentFiles))
        .sort((a, b) => a.at.getTime() - b.at.getTime()),
    });
  }
  return signers;
}

/**
 * The signer's signature as the sealed documents draw it: their first full signature (typed or
 * drawn), else their initials; null when they only accepted. A drawn one whose image is no longer
 * stored is left out rather than failing the certificate.
 */
async function signatureOf(store: BlobStore, signatures: SignatureRow[]): Promise<StampValue | null> {
  const chosen = signatures.find((signature) => signature.kind === "FULLNAME" || signature.kind === "CAPTURE") ?? signatures.find((signature) => signature.kind === "INITIALS");
  if (!chosen) return null;
  const images = new Map<string, Uint8Array>();
  if (chosen.kind === "CAPTURE") {
    const image = chosen.imageSha256 ? await store.get(chosen.imageSha256) : null;
    if (!image) return null;
    images.set(chosen.imageSha256!, image);
  }
  return signatureValue(chosen, { images, wantsInitials: chosen.kind === "INITIALS" });
}

/** What an approval signature says was done, in words, with the short id its frame on the sealed page shows. */
function actionOf(signature: SignatureRow): string {
  const done = signedHow(signature);
  return signature.means === "API" ? `${throughTheApi(signature.ipAddress)}\n${done}` : done;
}

function signedHow(signature: SignatureRow): string {
  const id = `Signature id: ${signatureShortId(signature.packageId, signature.documentId, signature.approvalId)}`;
  const fontName = signatureFontNamed(signature.font)?.name;
  const font = fontName ? ` (in the ${fontName} font)` : "";
  switch (signature.kind) {
    case "FULLNAME":
      return `Signed with a typed name${font}: ${signature.text || signature.signerName}\n${id}`;
    case "INITIALS":
      return `Signed with initials${font}: ${signature.text ?? ""}\n${id}`;
    case "CAPTURE":
      return `${signature.imageUploaded ? "Signed with an uploaded picture of their signature" : "Signed by hand (drawn signature)"}\n${id}\nImage SHA-256: ${signature.imageSha256 ?? "not stored"}`;
    case "ACCEPT":
      return "Accepted";
    default:
      return signature.kind;
  }
}

/** The files the role's signer uploaded for its attachment requirements (PACKAGE_ATTACHMENT), as actions. */
function attachmentActions(role: typeof roles.$inferSelect, files: AttachmentFileRow[]): CertificateSigner["actions"] {
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
