import { useCallback } from "react";
import { useTranslations } from "use-intl";
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
  /** Its name, a key of console.builder.fields.kinds (the palette item's hint: console.builder.fields.hints.<palette kind>). */
  kind: FieldKindKey;
  /** The size a new field gets, in the API's unit (pixels at 93.6 dpi, 1.3 per PDF point). */
  size: Size;
  input: Pick<FieldInput, "type" | "subtype" | "binding">;
}

export const KIND_SPECS: Record<PaletteKind, KindSpec> = {
  signature: { kind: "signature", size: { width: 234, height: 52 }, input: { type: "SIGNATURE", subtype: "FULLNAME" } },
  initials: { kind: "initials", size: { width: 78, height: 52 }, input: { type: "SIGNATURE", subtype: "INITIALS" } },
  name: { kind: "name", size: { width: 195, height: 26 }, input: { type: "INPUT", subtype: "LABEL", binding: "{signer.name}" } },
  date: { kind: "dateSigned", size: { width: 130, height: 26 }, input: { type: "INPUT", subtype: "LABEL", binding: "{approval.signed}" } },
  text: { kind: "text", size: { width: 195, height: 26 }, input: { type: "INPUT", subtype: "TEXTFIELD" } },
  checkbox: { kind: "checkbox", size: { width: 18, height: 18 }, input: { type: "INPUT", subtype: "CHECKBOX" } },
};

/** The kinds of field the console names (keys of console.builder.fields.kinds). */
type FieldKindKey =
  | "signature"
  | "signatureDrawn"
  | "initials"
  | "name"
  | "dateSigned"
  | "title"
  | "company"
  | "text"
  | "textArea"
  | "checkbox"
  | "radio"
  | "list"
  | "date"
  | "label"
  | "qrCode"
  | "customField";

const BINDING_KINDS: Record<string, FieldKindKey> = {
  "{signer.name}": "name",
  "{approval.signed}": "dateSigned",
  "{signer.title}": "title",
  "{signer.company}": "company",
};

const SUBTYPE_KINDS: Record<string, FieldKindKey> = {
  FULLNAME: "signature",
  CAPTURE: "signatureDrawn",
  MOBILE_CAPTURE: "signatureDrawn",
  INITIALS: "initials",
  TEXTFIELD: "text",
  TEXTAREA: "textArea",
  CHECKBOX: "checkbox",
  RADIO: "radio",
  LIST: "list",
  DATE: "date",
  DATEPICKER: "date",
  LABEL: "label",
  QRCODE: "qrCode",
  CUSTOMFIELD: "customField",
};

/** What a placed field is, as a kind the console names; null for one it does not know (another service's). */
export function fieldKindOf(field: Pick<WireField, "subtype" | "binding">): FieldKindKey | null {
  if (field.binding && BINDING_KINDS[field.binding]) return BINDING_KINDS[field.binding]!;
  return SUBTYPE_KINDS[field.subtype] ?? null;
}

/** What a placed field is, in words: any field the service holds (text tags make more kinds than the palette); an unknown kind by its subtype. */
export function useFieldKindLabel(): (field: Pick<WireField, "subtype" | "binding">) => string {
  const t = useTranslations("console.builder.fields");
  return useCallback(
    (field) => {
      const kind = fieldKindOf(field);
      return kind ? t(`kinds.${kind}`) : field.subtype;
    },
    [t],
  );
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
