import type { FieldInput, PlacedApprovalInput, PlacedFieldInput } from "@/lib/api/packages";
import { boxToWire } from "@/lib/api/wire-units";
import type { FormWidget } from "@/lib/esign/pdf/form-widgets";
import { roleNamed, type NamedRole } from "./named-roles";

/**
 * The original service's document extraction: form fields named by its convention become
 * signatures and fields where the form field is.
 *
 * - `[Role.Style#]`: a signature of `Role` (a role id or name, "Signer1" for the first signer the
 *   SDKs make, "Owner" for the sender), Style one of Capture, Initials, Fullname, MobileCapture.
 * - `[Role.Style#.Type#]` and `[Role.Style#.Type#.Binding]`: a field of that signature, Type one
 *   of TextField, CheckBox, Label; the binding written whole (`{signer.title}`) or short (`name`).
 *
 * Keywords are read in any case. Form fields named otherwise are left alone. A field whose
 * signature the form lacks goes into an approval without a signature (an acceptance).
 */
export function extractNamedFormFields(widgets: FormWidget[], packageRoles: NamedRole[]): PlacedApprovalInput[] {
  const roles = [...packageRoles];
  const approvals = new Map<string, PlacedApprovalInput>();
  for (const widget of widgets) {
    const named = parseConventionName(widget.name);
    if (!named) continue;
    const role = roleNamed(roles, named.role);
    const key = `${role.id}\u0000${named.signature.toLowerCase()}`;
    let approval = approvals.get(key);
    if (!approval) {
      approval = { role: role.id, fields: [] };
      approvals.set(key, approval);
    }
    const field: PlacedFieldInput = {
      ...named.kind,
      name: widget.name,
      page: widget.pageIndex,
      ...boxToWire(widget.rect),
      extract: false,
    };
    // The signature first, as the SDKs read an approval's first SIGNATURE field as the signature.
    if (field.type === "SIGNATURE") approval.fields.unshift(field);
    else approval.fields.push(field);
  }
  return [...approvals.values()];
}

const SIGNATURE_STYLES: Record<string, FieldInput["subtype"]> = {
  capture: "CAPTURE",
  initials: "INITIALS",
  fullname: "FULLNAME",
  mobilecapture: "MOBILE_CAPTURE",
};

const FIELD_TYPES: Record<string, FieldInput["subtype"]> = {
  textfield: "TEXTFIELD",
  checkbox: "CHECKBOX",
  label: "LABEL",
};

const SHORT_BINDINGS: Record<string, string> = {
  name: "{signer.name}",
  title: "{signer.title}",
  company: "{signer.company}",
  email: "{signer.email}",
  date: "{approval.signed}",
};

interface ConventionName {
  role: string;
  /** The signature part as written (`Capture1`): the approval it belongs to. */
  signature: string;
  kind: Pick<FieldInput, "type" | "subtype" | "binding">;
}

function parseConventionName(name: string): ConventionName | undefined {
  const match = /^\[([^.\]]+)\.([A-Za-z]+)(\d+)(?:\.([A-Za-z]+)\d+(?:\.(.+))?)?\]$/.exec(name.trim());
  if (!match) return undefined;
  const [, role, style, number, fieldType, binding] = match;
  const signatureStyle = SIGNATURE_STYLES[style.toLowerCase()];
  if (!signatureStyle) return undefined;
  const signature = `${style}${number}`;
  if (!fieldType) return { role, signature, kind: { type: "SIGNATURE", subtype: signatureStyle } };
  const subtype = FIELD_TYPES[fieldType.toLowerCase()];
  if (!subtype) return undefined;
  return { role, signature, kind: { type: "INPUT", subtype, binding: bindingOf(binding) } };
}

function bindingOf(written: string | undefined): string | undefined {
  if (!written) return undefined;
  if (written.startsWith("{") && written.endsWith("}")) return written;
  return SHORT_BINDINGS[written.toLowerCase()];
}
