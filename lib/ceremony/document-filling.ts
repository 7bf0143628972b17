import type { DocumentSigning } from "@/lib/api/signing";
import { fieldValueIssue, fieldValueProblem, isFilled, radioGroupOf, type FieldValueIssue } from "@/lib/esign/signing/ceremony/signing-rules";
import type { CeremonyApproval, CeremonyDocument, CeremonyField } from "./ceremony-requests";

/**
 * What a signer fills on one document before signing it, as pure functions: which fields are
 * theirs to fill, in reading order ("next field"), what is still missing, and the request that
 * signs the document. The value rules are the service's own (signing-rules.ts), so the page says
 * what the service would refuse before it is asked.
 */

/** A typed signature (the name or initials, in a signature font) or an image (PNG data URL) drawn or uploaded. */
export interface SignatureMark {
  text?: string;
  /** The signature font's name (signature-fonts.ts). */
  font?: string;
  image?: string;
  uploaded?: boolean;
}

export interface DocumentFill {
  /** By approval id. */
  signatures: Record<string, SignatureMark>;
  /** By field key (`fieldKey`): the approval's and the field's id, as field ids repeat across approvals. */
  values: Record<string, string>;
}

export const emptyFill = (): DocumentFill => ({ signatures: {}, values: {} });

export function fieldKey(approval: { id: string }, field: { id: string }): string {
  return `${approval.id}/${field.id}`;
}

/** Bindings the service fills itself when the document is signed (sign-document.ts). */
const SERVICE_BINDINGS = new Set(["{approval.signed}", "{signer.name}", "{signer.title}", "{signer.company}"]);

export type SignatureStyle = "CAPTURE" | "INITIALS" | "FULLNAME";

export function signatureStyle(approval: CeremonyApproval, field: CeremonyField): SignatureStyle {
  if (field.subtype === "CAPTURE" || field.subtype === "MOBILE_CAPTURE" || approval.enforceCaptureSignature) return "CAPTURE";
  return field.subtype === "INITIALS" ? "INITIALS" : "FULLNAME";
}

/** Whether the signer types or picks this field's value (not a label, not a date or binding the service fills, not a code). */
export function isSignerInput(field: CeremonyField): boolean {
  if (field.type !== "INPUT") return false;
  if (field.binding && SERVICE_BINDINGS.has(field.binding)) return false;
  return !["LABEL", "DATE", "QRCODE"].includes(field.subtype);
}

/** One thing the signer fills: a signature or an input field of one of their unsigned approvals. */
export interface FillTarget {
  key: string;
  approval: CeremonyApproval;
  field: CeremonyField;
  kind: "signature" | "input";
  required: boolean;
}

function isRequiredInput(approval: CeremonyApproval, field: CeremonyField): boolean {
  if (field.validation?.required === true) return true;
  // A radio group is required when any of its buttons is.
  const group = radioGroupOf(field);
  return group !== null && approval.fields.some((other) => radioGroupOf(other) === group && other.validation?.required === true);
}

/** The signer's fill targets on the document, in reading order: page, then top, then left. */
export function fillTargets(document: CeremonyDocument): FillTarget[] {
  const targets: FillTarget[] = [];
  for (const approval of document.approvals) {
    if (!approval.mine || approval.signed || approval.disabled) continue;
    for (const field of approval.fields) {
      if (field.type === "SIGNATURE") targets.push({ key: fieldKey(approval, field), approval, field, kind: "signature", required: !approval.optional });
      else if (isSignerInput(field)) targets.push({ key: fieldKey(approval, field), approval, field, kind: "input", required: isRequiredInput(approval, field) });
    }
  }
  return targets.sort((a, b) => a.field.page - b.field.page || a.field.top - b.field.top || a.field.left - b.field.left);
}

/** The value a field shows: what the signer entered, else what it holds. */
export function currentValue(fill: DocumentFill, approval: CeremonyApproval, field: CeremonyField): string {
  return fill.values[fieldKey(approval, field)] ?? field.value;
}

function radioGroupChosen(fill: DocumentFill, approval: CeremonyApproval, group: string): boolean {
  return approval.fields.some((field) => radioGroupOf(field) === group && isFilled(field, currentValue(fill, approval, field)));
}

/** Whether the target is done: a signature given, an input filled (a radio group by any of its buttons). */
export function isTargetFilled(fill: DocumentFill, target: FillTarget): boolean {
  if (target.kind === "signature") return Boolean(fill.signatures[target.approval.id]);
  const group = radioGroupOf(target.field);
  if (group !== null) return radioGroupChosen(fill, target.approval, group);
  return isFilled(target.field, currentValue(fill, target.approval, target.field));
}

/** Why the service would refuse a field's value (a code the page words in the signer's language), or null. */
export function valueIssue(fill: DocumentFill, target: FillTarget): FieldValueIssue | null {
  if (target.kind !== "input") return null;
  return fieldValueIssue(target.field, currentValue(fill, target.approval, target.field));
}

/** What the service would say about a field's value (in English), or null. */
export function valueProblem(fill: DocumentFill, target: FillTarget): string | null {
  if (target.kind !== "input") return null;
  return fieldValueProblem(target.field, currentValue(fill, target.approval, target.field));
}

/** The targets that keep the document from being signed: required and empty, or a value the service refuses. */
export function blockingTargets(document: CeremonyDocument, fill: DocumentFill): FillTarget[] {
  return fillTargets(document).filter((target) => (target.required && !isTargetFilled(fill, target)) || valueProblem(fill, target) !== null);
}

/** The next target after `currentKey` that still needs the signer (wrapping around), or null when none does. */
export function nextTarget(document: CeremonyDocument, fill: DocumentFill, currentKey: string | null): FillTarget | null {
  const targets = fillTargets(document);
  const open = (target: FillTarget) => !isTargetFilled(fill, target) || valueProblem(fill, target) !== null;
  const start = currentKey ? targets.findIndex((target) => target.key === currentKey) + 1 : 0;
  const ordered = [...targets.slice(start), ...targets.slice(0, start)];
  return ordered.find((target) => open(target) && target.required) ?? ordered.find(open) ?? null;
}

/** Chooses one button of a radio group: it becomes "X", the others of its group "". */
export function chooseRadio(fill: DocumentFill, approval: CeremonyApproval, field: CeremonyField): DocumentFill {
  const group = radioGroupOf(field);
  const values = { ...fill.values };
  for (const other of approval.fields) {
    if (other.subtype !== "RADIO") continue;
    if (other.id === field.id) values[fieldKey(approval, other)] = "X";
    else if (group !== null && radioGroupOf(other) === group) values[fieldKey(approval, other)] = "";
  }
  return { ...fill, values };
}

/**
 * The request that signs the document: every required approval, and each optional one the signer
 * signed (or, without a signature field, filled something in).
 */
export function signingRequest(document: CeremonyDocument, fill: DocumentFill): DocumentSigning {
  const approvals: DocumentSigning["approvals"] = [];
  for (const approval of document.approvals) {
    if (!approval.mine || approval.signed || approval.disabled) continue;
    const inputs = approval.fields.filter(isSignerInput);
    const entered = inputs.filter((field) => fieldKey(approval, field) in fill.values);
    const signature = fill.signatures[approval.id];
    const hasSignatureField = approval.fields.some((field) => field.type === "SIGNATURE");
    if (approval.optional && !signature && (hasSignatureField || entered.length === 0)) continue;
    approvals.push({
      id: approval.id,
      ...(signature ? { signature } : {}),
      fields: entered.map((field) => ({ id: field.id, value: fill.values[fieldKey(approval, field)]! })),
    });
  }
  return { approvals };
}
