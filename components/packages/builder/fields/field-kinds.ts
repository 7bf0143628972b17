import type { FieldInput, WireField } from "@/lib/api/packages";
import type { Size } from "@/lib/console/field-geometry";

/**
 * The fields the palette offers, as the service stores them. "Name" and "Date signed" are
 * labels bound to what the service fills in when the role signs (`{signer.name}`,
 * `{approval.signed}`: the bindings text tags make and the seal draws).
 */

export const PALETTE_KINDS = ["signature", "initials", "name", "date", "text", "checkbox"] as const;
export type PaletteKind = (typeof PALETTE_KINDS)[number];

interface KindSpec {
  label: string;
  /** What the palette item says under its name. */
  hint: string;
  /** The size a new field gets, in the API's unit (pixels at 93.6 dpi, 1.3 per PDF point). */
  size: Size;
  input: Pick<FieldInput, "type" | "subtype" | "binding">;
}

export const KIND_SPECS: Record<PaletteKind, KindSpec> = {
  signature: { label: "Signature", hint: "Signs the document", size: { width: 234, height: 52 }, input: { type: "SIGNATURE", subtype: "FULLNAME" } },
  initials: { label: "Initials", hint: "Signs with initials", size: { width: 78, height: 52 }, input: { type: "SIGNATURE", subtype: "INITIALS" } },
  name: { label: "Name", hint: "Filled in when signed", size: { width: 195, height: 26 }, input: { type: "INPUT", subtype: "LABEL", binding: "{signer.name}" } },
  date: { label: "Date signed", hint: "Filled in when signed", size: { width: 130, height: 26 }, input: { type: "INPUT", subtype: "LABEL", binding: "{approval.signed}" } },
  text: { label: "Text", hint: "The signer types", size: { width: 195, height: 26 }, input: { type: "INPUT", subtype: "TEXTFIELD" } },
  checkbox: { label: "Check box", hint: "The signer ticks", size: { width: 18, height: 18 }, input: { type: "INPUT", subtype: "CHECKBOX" } },
};

const BINDING_LABELS: Record<string, string> = {
  "{signer.name}": "Name",
  "{approval.signed}": "Date signed",
  "{signer.title}": "Title",
  "{signer.company}": "Company",
};

const SUBTYPE_LABELS: Record<string, string> = {
  FULLNAME: "Signature",
  CAPTURE: "Signature (drawn)",
  MOBILE_CAPTURE: "Signature (drawn)",
  INITIALS: "Initials",
  TEXTFIELD: "Text",
  TEXTAREA: "Text area",
  CHECKBOX: "Check box",
  RADIO: "Radio button",
  LIST: "List",
  DATE: "Date",
  DATEPICKER: "Date",
  LABEL: "Label",
  QRCODE: "QR code",
  CUSTOMFIELD: "Custom field",
};

/** What a placed field is, in words: any field the service holds (text tags make more kinds than the palette). */
export function fieldKindLabel(field: Pick<WireField, "subtype" | "binding">): string {
  if (field.binding && BINDING_LABELS[field.binding]) return BINDING_LABELS[field.binding]!;
  return SUBTYPE_LABELS[field.subtype] ?? field.subtype;
}

/** Fields the signer fills in, which can be required (labels and signatures cannot). */
export function isSignerInput(field: Pick<WireField, "type" | "subtype">): boolean {
  return field.type === "INPUT" && field.subtype !== "LABEL" && field.subtype !== "QRCODE";
}

export function isRequired(field: Pick<WireField, "validation">): boolean {
  return field.validation?.required === true;
}

/** Signature fields whose style (typed by a click, or drawn) can change. */
export function isFullSignature(field: Pick<WireField, "type" | "subtype">): boolean {
  return field.type === "SIGNATURE" && field.subtype !== "INITIALS";
}
