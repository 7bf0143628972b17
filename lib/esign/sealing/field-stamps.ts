import type { approvalSignatures, approvals, fields } from "@/lib/db/schema";
import { isChosen } from "@/lib/esign/signing/ceremony/signing-rules";
import { initialsOf } from "@/lib/esign/signing/initials";
import { signatureFontNamed } from "@/lib/esign/signing/signature-fonts";
import { signatureShortId } from "@/lib/esign/signing/signature-id";
import { throughTheApi } from "@/lib/esign/signing/api/through-the-api";
import type { SignatureFrame } from "./signature-frame";
import type { FieldStamp, StampValue } from "./stamp-fields";

export { initialsOf, isChosen };

type FieldRow = typeof fields.$inferSelect;
type ApprovalRow = typeof approvals.$inferSelect;
type SignatureRow = typeof approvalSignatures.$inferSelect;

/** Who a role's signer is, as labels show it; for a group, the member who signed for it. */
export interface SignerDetails {
  name: string;
  title: string;
  company: string;
  /** Their own language (`signer.language`), if set: picks the face of a CJK name in Han characters alone. */
  language?: string;
}

/** Everything the values of one document's fields come from, read beforehand. */
export interface FieldStampSources {
  /** The package's time zone: a `{approval.signed}` label shows the day of signing there. */
  timezoneId: string;
  /** The document's fields. */
  fields: readonly FieldRow[];
  /** The document's approvals, by id. */
  approvals: ReadonlyMap<string, ApprovalRow>;
  /** How each approval of the document was signed, by approval id. */
  signatures: ReadonlyMap<string, SignatureRow>;
  /** The signer of each role, by role id. */
  signers: ReadonlyMap<string, SignerDetails>;
  /** Hand-drawn signatures (PNG), by SHA-256. */
  images: ReadonlyMap<string, Uint8Array>;
}

/**
 * The day of `date` in the time zone, as YYYY-MM-DD (UTC when the package's zone is not one the
 * runtime knows).
 */
export function formatSigningDate(date: Date, timezoneId: string): string {
  const options: Intl.DateTimeFormatOptions = { year: "numeric", month: "2-digit", day: "2-digit" };
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat("en-CA", { ...options, timeZone: timezoneId });
  } catch {
    format = new Intl.DateTimeFormat("en-CA", { ...options, timeZone: "UTC" });
  }
  const parts = Object.fromEntries(format.formatToParts(date).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** The moment of signing in the time zone, with the zone: "2026-11-22 14:05 GMT+1" (UTC when the zone is unknown). */
export function formatSigningMoment(date: Date, timezoneId: string): string {
  const options: Intl.DateTimeFormatOptions = { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZoneName: "short" };
  let format: Intl.DateTimeFormat;
  let zone = timezoneId;
  try {
    format = new Intl.DateTimeFormat("en-GB", { ...options, timeZone: timezoneId });
  } catch {
    zone = "UTC";
    format = new Intl.DateTimeFormat("en-GB", { ...options, timeZone: zone });
  }
  const parts = Object.fromEntries(format.formatToParts(date).map((part) => [part.type, part.value]));
  return `${formatSigningDate(date, zone)} ${parts.hour}:${parts.minute} ${parts.timeZoneName}`;
}


/**
 * What is drawn on a document when it is sealed, field by field:
 * - SIGNATURE fields: how their approval was signed (approvalSignatures): a typed full name (the
 *   text typed, else the name signed with: for a group, the member's own), initials (typed, else
 *   made from that name; an INITIALS field always shows initials), in the signature font chosen,
 *   or the image drawn or uploaded. A full signature is framed: who signed, when (in the
 *   package's time zone) and its short id. An approval accepted without signing (ACCEPT)
 *   draws nothing.
 * - INPUT fields by subtype: TEXTFIELD, TEXTAREA and CUSTOMFIELD as text, CHECKBOX and RADIO as
 *   chosen or not (isChosen), LIST as its value, DATE and DATEPICKER as the date given.
 * - A field with a `binding` (LABEL fields made from text tags, and any other) shows the binding
 *   resolved: `{approval.signed}` the approval's day of signing in the package's time zone,
 *   `{signer.name}`, `{signer.title}`, `{signer.company}` the role's signer (unknown placeholders
 *   show nothing). A LABEL without binding shows its value.
 * - QRCODE fields are not drawn (there is no code to draw), nor are the fields of an approval that
 *   was neither signed nor accepted (an optional one left out).
 * A CAPTURE signature whose image is missing throws: sealing without it would lose the signature.
 */
export function fieldStamps(sources: FieldStampSources): FieldStamp[] {
  const stamps: FieldStamp[] = [];
  const ordered = [...sources.fields].sort((a, b) => a.approvalId.localeCompare(b.approvalId) || a.position - b.position);
  for (const field of ordered) {
    const approval = sources.approvals.get(field.approvalId);
    const signature = sources.signatures.get(field.approvalId);
    if (!approval || !(approval.signed || approval.accepted || signature)) continue;
    const value = field.type === "SIGNATURE" ? signatureValue(signature, { images: sources.images, wantsInitials: field.subtype === "INITIALS", frame: signature && frameOf(field, signature, sources.timezoneId) }) : inputValue(field, approval, signature, sources);
    const language = sources.signers.get(approval.roleId)?.language;
    if (value) stamps.push({ page: field.page, left: field.left, top: field.top, width: field.width, height: field.height, value, ...(language ? { language } : {}) });
  }
  return stamps;
}

/**
 * How a signature is drawn: on the sealed documents, and in the certificate of completion. A typed
 * signature shows as the field asks for it: an approval holds one signature, but one made before
 * each signature field had its own approval may hold an initials field beside a full one, and each
 * shows what it is (initials of the name signed with, or the full name). `frame`: what the frame
 * of a full signature says, if it gets one.
 */
export function signatureValue(signature: SignatureRow | undefined, options: { images: ReadonlyMap<string, Uint8Array>; wantsInitials: boolean; frame?: SignatureFrame }): StampValue | null {
  const { images, wantsInitials, frame } = options;
  if (!signature) return null;
  const typed = signature.text?.trim() ?? "";
  const font = signatureFontNamed(signature.font)?.name;
  switch (signature.kind) {
    case "FULLNAME":
      return wantsInitials ? { kind: "initials", text: initialsOf(typed || signature.signerName), font } : { kind: "signatureText", text: typed || signature.signerName, font, frame };
    case "INITIALS":
      return wantsInitials ? { kind: "initials", text: typed || initialsOf(signature.signerName), font } : { kind: "signatureText", text: signature.signerName, font, frame };
    case "CAPTURE": {
      const image = signature.imageSha256 ? images.get(signature.imageSha256) : undefined;
      if (!image) {
        throw new Error(
          `The hand-drawn signature of approval ${signature.approvalId} on document ${signature.documentId} ` +
            `(image ${signature.imageSha256 ?? "none"}) is not stored.`,
        );
      }
      return { kind: "signatureImage", image, frame };
    }
    default:
      return null;
  }
}

/** What the frame of a full signature in `field` says. */
function frameOf(field: FieldRow, signature: SignatureRow, timezoneId: string): SignatureFrame {
  return {
    signedBy: signature.signerName,
    signedAt: formatSigningMoment(signature.signedAt, timezoneId),
    shortId: signatureShortId(field.packageId, field.documentId, field.approvalId),
    ...(signature.means === "API" ? { means: throughTheApi(signature.ipAddress) } : {}),
  };
}

function inputValue(field: FieldRow, approval: ApprovalRow, signature: SignatureRow | undefined, sources: FieldStampSources): StampValue | null {
  const text = field.binding ? resolveBinding(field.binding, approval, signature, sources) : (field.value ?? "");
  switch (field.subtype) {
    case "CHECKBOX":
      return { kind: "checkbox", checked: isChosen(text) };
    case "RADIO":
      return { kind: "radio", selected: isChosen(text) };
    case "LIST":
      return { kind: "list", text };
    case "DATE":
    case "DATEPICKER":
      return { kind: "date", text };
    case "QRCODE":
      return null;
    default:
      return { kind: "text", text };
  }
}

function resolveBinding(binding: string, approval: ApprovalRow, signature: SignatureRow | undefined, sources: FieldStampSources): string {
  const signer = sources.signers.get(approval.roleId);
  const signedAt = approval.signed ?? approval.accepted ?? signature?.signedAt ?? null;
  return binding.replace(/\{([\w.]+)\}/g, (_, name: string) => {
    switch (name) {
      case "approval.signed":
        return signedAt ? formatSigningDate(signedAt, sources.timezoneId) : "";
      case "signer.name":
        return signature?.signerName || signer?.name || "";
      case "signer.title":
        return signer?.title ?? "";
      case "signer.company":
        return signer?.company ?? "";
      default:
        return "";
    }
  });
}
