import type { AuditEventRow } from "@/lib/esign/audit/package-events";
import { PREPARATION_EVENTS } from "@/lib/esign/audit/record-event";
import { CONSENT_DOCUMENT_ID } from "@/lib/esign/documents/consent-document-id";

/** One line of the certificate's audit trail, in words. */
export interface CertificateEvent {
  at: Date;
  /** What happened ("Sent for signing", "Signed “Lease.pdf”", "Declined: reason"). */
  what: string;
  /** Who did it ("Name <e-mail>"). */
  by: string;
  ipAddress: string;
  userAgent: string;
}

/** An audit event with who did it in words. */
export interface EventToWord {
  event: AuditEventRow;
  actor: string;
}

/**
 * The audit trail as the certificate tells it: each event in words; the edits made while the
 * package was a draft (creating it, adding documents, signers and fields) are not evidence of
 * signing, so each run of them is one line saying who prepared the package.
 */
export function certificateEvents(events: EventToWord[], documentNames: ReadonlyMap<string, string>): CertificateEvent[] {
  const lines: CertificateEvent[] = [];
  let draft = true;
  let preparation: EventToWord[] = [];
  const endPreparation = () => {
    if (preparation.length) lines.push(preparationLine(preparation));
    preparation = [];
  };
  for (const item of events) {
    const { name } = item.event;
    if (name === "PACKAGE_ACTIVATE") {
      endPreparation();
      draft = false;
    } else if (name === "PACKAGE_DEACTIVATE") {
      draft = true;
    } else if (draft && DRAFT_EDITS.has(name)) {
      preparation.push(item);
      continue;
    }
    lines.push({
      at: item.event.created,
      what: describeEvent(item.event, documentNames),
      by: item.actor,
      ipAddress: item.event.ipAddress ?? "",
      userAgent: item.event.userAgent ?? "",
    });
  }
  endPreparation();
  return lines;
}

/** Events that prepare a package rather than have it signed. */
const DRAFT_EDITS = new Set<string>(["PACKAGE_CREATE", ...PREPARATION_EVENTS]);

function preparationLine(run: EventToWord[]): CertificateEvent {
  const created = run.some((item) => item.event.name === "PACKAGE_CREATE");
  const changes = run.length === 1 ? "1 change" : `${run.length} changes`;
  return {
    at: run[0].event.created,
    what: created ? `Created and prepared as a draft (${changes})` : `Prepared again as a draft (${changes})`,
    by: [...new Set(run.map((item) => item.actor))].join("\n"),
    ipAddress: "",
    userAgent: "",
  };
}

/** One event in words; the message, when there is one the wording does not already hold, on the next line. */
export function describeEvent(event: AuditEventRow, documentNames: ReadonlyMap<string, string>): string {
  const document = `“${event.documentId ? (documentNames.get(event.documentId) ?? event.documentId) : "a document"}”`;
  const message = (event.message ?? "").trim();
  const withMessage = (what: string) => (message ? `${what}\n${message}` : what);
  switch (event.name) {
    case "PACKAGE_CREATE":
      return withMessage("Created");
    case "PACKAGE_ACTIVATE":
      return "Sent for signing";
    case "PACKAGE_DEACTIVATE":
      return "Taken back to draft by the sender";
    case "DOCUMENT_VIEWED":
      return `Viewed ${document}`;
    case "DOCUMENT_SIGNED":
      // The message, when there is one, says how (signed through the API, and from where).
      return withMessage(event.documentId === CONSENT_DOCUMENT_ID ? `Accepted ${document}` : `Signed ${document}`);
    case "PACKAGE_DECLINE":
      return message ? `Declined: ${message}` : "Declined";
    case "PACKAGE_OPT_OUT":
      return message ? `Opted out of signing electronically: ${message}` : "Opted out of signing electronically";
    case "PACKAGE_ATTACHMENT":
      return message ? `Uploaded the attachment “${message}”` : "Uploaded an attachment";
    case "SIGNER_COMPLETE":
      return "Finished signing";
    case "PACKAGE_READY_FOR_COMPLETE":
      return "Every signer has finished: waiting for the sender to complete";
    case "PACKAGE_COMPLETE":
      return "Completed";
    case "ROLE_REASSIGN":
      return withMessage("Delegated their signature");
    case "IN_PERSON_HOST":
      return withMessage("Signing hosted in person");
    case "NOTARY_CERTIFICATE_ADOPT":
      return withMessage("Adopted the notarial certificate as notary");
    case "SIGNER_REINVITE":
      return withMessage("Invitation e-mailed again");
    case "ATTACHMENT_ACCEPT":
      return message ? `Sender accepted the attachment “${message}”` : "Sender accepted an attachment";
    case "ATTACHMENT_REJECT":
      return withMessage("Sender rejected an attachment");
    case "REMINDER_SENT":
      return withMessage("Reminder e-mailed");
    case "EMAIL_BOUNCE":
      return withMessage("An e-mail could not be delivered");
    case "KBA_FAILURE":
      return withMessage("Failed identity verification");
    case "SIGNER_LOCKED":
      return withMessage("Locked out after too many wrong codes or answers");
    case "SIGNER_AUTHENTICATED":
      return withMessage("Authenticated");
    case "SIGNER_UNLOCK":
      return withMessage("Allowed by the sender to try again");
    case "SMS_NOT_SENT":
      return withMessage("A text message could not be sent");
    case "SIGNER_SMS_SENT":
      return withMessage("Signing link texted");
    case "VIRTUAL_ROOM_SET":
      return withMessage("Virtual room scheduled");
    case "PACKAGE_EXPIRE":
      return "Expired";
    case "PACKAGE_ARCHIVE":
      return "Archived";
    case "PACKAGE_UNARCHIVE":
      return "Taken out of the archive";
    case "PACKAGE_TRASH":
      return "Moved to the trash";
    case "PACKAGE_RESTORE":
      return "Restored from the trash";
    case "PACKAGE_DELETE":
      return "Deleted";
    case "PACKAGE_PURGE":
      return withMessage("Documents removed at the end of the retention period");
    case "PACKAGE_UPDATE":
      return withMessage("Package details changed");
    case "DOCUMENT_ADD":
      return `Document added: ${document}`;
    case "DOCUMENT_UPDATE":
      return `Document changed: ${document}`;
    case "DOCUMENT_DELETE":
      return `Document removed: ${document}`;
    case "DOCUMENT_REORDER":
      return "Documents reordered";
    default:
      return withMessage(sentenceOf(event.name));
  }
}

/** "ROLE_VERIFICATION_SET" → "Role verification set". */
function sentenceOf(name: string): string {
  const words = name.toLowerCase().replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}
