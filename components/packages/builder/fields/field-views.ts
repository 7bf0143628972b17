import type { WireDocument, WireField } from "@/lib/api/packages";
import type { FieldTarget } from "@/lib/console/queries/package-fields";
import { signerColour, type SignerColour } from "../signer-colours";
import { fieldKindLabel, isRequired, isSignerInput } from "./field-kinds";
import type { SignerOption } from "./signer-picker";

/** A field of the document as the editor shows it: where it lives, whose it is, what to call it. */
export interface FieldView {
  target: FieldTarget;
  field: WireField;
  roleId: string;
  signerName: string;
  colour: SignerColour;
  /** "Signature · Ada Lovelace". */
  label: string;
  /** "Signature · Ada Lovelace, page 2, required". */
  accessibleName: string;
}

export function fieldViews(document: WireDocument, signers: SignerOption[]): FieldView[] {
  const byRole = new Map(signers.map((signer) => [signer.roleId, signer]));
  return document.approvals.flatMap((approval) => {
    const signer = byRole.get(approval.role);
    const signerName = signer?.name ?? approval.role;
    const colour = signer?.colour ?? signerColour(0);
    return approval.fields.map((field) => {
      const label = `${fieldKindLabel(field)} · ${signerName}`;
      const required = isSignerInput(field) && isRequired(field) ? ", required" : "";
      return {
        target: { documentId: document.id, approvalId: approval.id, fieldId: field.id },
        field,
        roleId: approval.role,
        signerName,
        colour,
        label,
        accessibleName: `${label}, page ${field.page + 1}${required}`,
      };
    });
  });
}

export function sameTarget(a: FieldTarget | null, b: FieldTarget | null): boolean {
  return Boolean(a && b && a.documentId === b.documentId && a.approvalId === b.approvalId && a.fieldId === b.fieldId);
}
