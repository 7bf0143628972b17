import { eq } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import { approvalSignatures, approvals, documents, fields, roles } from "@/lib/db/schema";
import type { PackageAuditEvent, PackageAuditTrail } from "@/lib/api/audit";
import { wireDate } from "@/lib/api/wire";
import type { Caller } from "@/lib/esign/accounts/caller";
import { CONSENT_DOCUMENT_ID } from "@/lib/esign/documents/consent-document-id";
import { findPackage } from "@/lib/esign/packages/find-package";
import { onBehalfOfText, readPackageEvents, type AuditEventRow, type EventActor } from "./package-events";
import { fieldKindWords, senderData, type PackageNames } from "./sender-wording";

type SignatureRow = Pick<typeof approvalSignatures.$inferSelect, "roleId" | "documentId" | "kind" | "imageUploaded" | "signerName" | "signerEmail">;

/** Our events OneSpan has an audit type for; a signed document's type depends on how it was signed. */
const ONESPAN_TYPES: Partial<Record<string, string>> = {
  DOCUMENT_VIEWED: "View",
  PACKAGE_DECLINE: "Decline",
  PACKAGE_OPT_OUT: "Opt Out",
};

/** The original's audit types (its AuditEvent's `type` enum): all its trail holds. */
const ONESPAN_AUDIT_TYPES = new Set([
  "Accept",
  "Click To Sign",
  "Click To Initial",
  "Capture Signature",
  "Confirm",
  "Download",
  "Download Zip",
  "Form Field",
  "Login",
  "View",
  "Opt Out",
  "Signing Session For Recipient",
  "Decline",
]);

/** Ours that read better under another name than their own in words. */
const READABLE_NAMES: Partial<Record<string, string>> = {
  PACKAGE_ACTIVATE: "Package Send",
};

/** PACKAGE_READY_FOR_COMPLETE → "Package Ready For Complete". */
export function inWords(name: string): string {
  return name
    .toLowerCase()
    .split("_")
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(" ");
}

/**
 * How the signer signed the document: a hand-drawn signature wins over a typed one, a typed one
 * over initials; only acceptances (and the consent document) are an acceptance. The original has
 * one type for every image; the whole trail (`all`, our extension) names an uploaded picture
 * "Upload Signature" when every image on the document was one.
 */
function signedType(documentId: string, signatures: SignatureRow[], events: "signers" | "all"): string {
  if (documentId === CONSENT_DOCUMENT_ID) return "Accept";
  const kinds = new Set(signatures.map((signature) => signature.kind));
  if (kinds.has("CAPTURE")) {
    const images = signatures.filter((signature) => signature.kind === "CAPTURE");
    return events === "all" && images.every((signature) => signature.imageUploaded) ? "Upload Signature" : "Capture Signature";
  }
  if (kinds.has("FULLNAME")) return "Click To Sign";
  if (kinds.has("INITIALS")) return "Click To Initial";
  return kinds.has("ACCEPT") ? "Accept" : "Click To Sign";
}

/** Name and e-mail of whoever acted; a document's signatures name the very person (a group's member). */
function person(actor: EventActor, signatures: SignatureRow[]): { user: string; email: string } {
  const signature = signatures[0];
  if (signature) return { user: signature.signerName, email: signature.signerEmail };
  switch (actor.kind) {
    case "user":
    case "signer":
      return { user: actor.name, email: actor.email };
    case "recorded":
      // A bounce is recorded with the address that bounced.
      return actor.sessionUser.includes("@") ? { user: "", email: actor.sessionUser } : { user: actor.sessionUser, email: "" };
  }
}

/** Every name a document of the package had: its current one, else the one its addition or deletion recorded. */
function documentNames(rows: { id: string; name: string }[], events: AuditEventRow[]): Map<string, string> {
  const names = new Map(rows.map((row) => [row.id, row.name]));
  for (const event of events) {
    if ((event.name === "DOCUMENT_ADD" || event.name === "DOCUMENT_DELETE") && event.documentId && event.message && !names.has(event.documentId)) {
      names.set(event.documentId, event.message);
    }
  }
  return names;
}

/** The name people know a role by: its signer's, its group's, else its own (a placeholder's). */
function roleName(role: { id: string; name: string; signer: Record<string, unknown> | null }): string {
  const signer = role.signer ?? {};
  const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");
  const group = signer.group && typeof signer.group === "object" ? text((signer.group as Record<string, unknown>).name) : "";
  const person = `${text(signer.firstName)} ${text(signer.lastName)}`.trim();
  return group || person || text(signer.email) || role.name || role.id;
}

/** The package's roles, signatures, fields and documents by id, for the sender's words (sender-wording.ts). */
async function packageNames(db: Queryable, packageId: string, documentNames: Map<string, string>): Promise<PackageNames> {
  const [roleRows, approvalRows, fieldRows] = await Promise.all([
    db.select({ id: roles.id, name: roles.name, signer: roles.signer }).from(roles).where(eq(roles.packageId, packageId)),
    db.select({ id: approvals.id, roleId: approvals.roleId }).from(approvals).where(eq(approvals.packageId, packageId)),
    db.select({ id: fields.id, approvalId: fields.approvalId, type: fields.type, subtype: fields.subtype, binding: fields.binding }).from(fields).where(eq(fields.packageId, packageId)),
  ]);
  const roleOfApproval = new Map(approvalRows.map((approval) => [approval.id, approval.roleId]));
  const signatureOf = new Map(fieldRows.filter((field) => field.type === "SIGNATURE").map((field) => [field.approvalId, fieldKindWords(field.subtype, null)]));
  return {
    roles: new Map(roleRows.map((role) => [role.id, roleName(role)])),
    approvals: new Map(approvalRows.map((approval) => [approval.id, { roleId: approval.roleId, kind: signatureOf.get(approval.id) ?? "Acceptance" }])),
    fields: new Map(fieldRows.map((field) => [field.id, { roleId: roleOfApproval.get(field.approvalId) ?? "", kind: fieldKindWords(field.subtype, field.binding) }])),
    documents: documentNames,
  };
}

/**
 * `GET /api/packages/{packageId}/audit` (OneSpan's "audit details about a package"): the package's
 * audit trail, oldest first, in OneSpan's shape. Visible to whoever may read the package as its
 * sender (its owner, or a holder of users.transactions), like the evidence summary it is the
 * JSON of; another account's package is a 404.
 *
 * As the original's, the trail holds the signers' events, each typed from its enum. With
 * `events: "all"` (our extension, `?events=all`, which the console's history asks for) it holds
 * every event, the sender's named in words ("Package Create", "Package Send").
 */
export async function getPackageAudit(db: Queryable, caller: Caller, packageId: string, events: "signers" | "all" = "signers"): Promise<PackageAuditTrail> {
  const pkg = await findPackage(db, caller, packageId);
  const [eventRows, documentRows, signatures] = await Promise.all([
    readPackageEvents(db, pkg.id),
    db.select({ id: documents.id, name: documents.name }).from(documents).where(eq(documents.packageId, pkg.id)),
    db
      .select({
        roleId: approvalSignatures.roleId,
        documentId: approvalSignatures.documentId,
        kind: approvalSignatures.kind,
        imageUploaded: approvalSignatures.imageUploaded,
        signerName: approvalSignatures.signerName,
        signerEmail: approvalSignatures.signerEmail,
      })
      .from(approvalSignatures)
      .where(eq(approvalSignatures.packageId, pkg.id)),
  ]);
  const names = documentNames(documentRows, eventRows.map(({ event }) => event));
  // The whole trail is read by the sender: its builder events name what they know, not ids.
  const known = events === "all" ? await packageNames(db, pkg.id, names) : null;

  const auditEvents = eventRows.map(({ event, actor, onBehalfOf }): PackageAuditEvent => {
    const signed =
      event.name === "DOCUMENT_SIGNED" && event.documentId
        ? signatures.filter((signature) => signature.documentId === event.documentId && signature.roleId === event.sessionUser)
        : [];
    const type =
      event.name === "DOCUMENT_SIGNED" && event.documentId
        ? signedType(event.documentId, signed, events)
        : (ONESPAN_TYPES[event.name] ?? READABLE_NAMES[event.name] ?? inWords(event.name));
    const { user, email } = person(actor, signed);
    return {
      type,
      "target-type": event.documentId ? "Document" : "Package",
      target: event.documentId ? (names.get(event.documentId) ?? event.documentId) : pkg.name,
      user,
      "user-email": email,
      "user-ip": event.ipAddress ?? "",
      "date-time": wireDate(event.created),
      // A delegate's action says whose behalf it was done on (lib/esign/senders/delegates.ts).
      data: [known && event.message ? senderData(event.name, event.message, known) : event.message, onBehalfOf ? onBehalfOfText(onBehalfOf) : null].filter(Boolean).join("\n"),
    };
  });
  const answered = events === "all" ? auditEvents : auditEvents.filter((event) => ONESPAN_AUDIT_TYPES.has(event.type));
  return { "package-id": pkg.id, "audit-events": answered };
}
