import { useMemo } from "react";
import { useTranslations } from "use-intl";
import type { WireDocument, WireField } from "@/lib/api/packages";
import type { FieldTarget } from "@/lib/console/queries/package-fields";
import { signerColour, type SignerColour } from "../signer-colours";
import { isRequired, isSignerInput, useFieldKindLabel } from "./field-kinds";
import type { SignerOption } from "./signer-picker";

/** A field of the document as the editor shows it: where it lives, whose it is, what to call it. */
export interface FieldView {
  target: FieldTarget;
  field: WireField;
  roleId: string;
  signerName: string;
  colour: SignerColour;
  /** What the field is: "Signature". */
  kind: string;
  /** "Signature · Ada Lovelace". */
  label: string;
  /** "Signature · Ada Lovelace, page 2, required". */
  accessibleName: string;
}

/** The fields of a document (none without one), named in the console's language. */
export function useFieldViews(document: WireDocument | undefined, signers: SignerOption[]): FieldView[] {
  const t = useTranslations("console.builder.fields");
  const kindLabel = useFieldKindLabel();
  return useMemo(() => {
    if (!document) return [];
    const byRole = new Map(signers.map((signer) => [signer.roleId, signer]));
    return document.approvals.flatMap((approval) => {
      const signer = byRole.get(approval.role);
      const signerName = signer?.name ?? approval.role;
      const colour = signer?.colour ?? signerColour(0);
      return approval.fields.map((field) => {
        const kind = kindLabel(field);
        const label = t("fieldLabel", { kind, signer: signerName });
        const required = isSignerInput(field) && isRequired(field);
        return {
          target: { documentId: document.id, approvalId: approval.id, fieldId: field.id },
          field,
          roleId: approval.role,
          signerName,
          colour,
          kind,
          label,
          accessibleName: required ? t("fieldAccessibleNameRequired", { label, page: field.page + 1 }) : t("fieldAccessibleName", { label, page: field.page + 1 }),
        };
      });
    });
  }, [document, signers, t, kindLabel]);
}

export function sameTarget(a: FieldTarget | null, b: FieldTarget | null): boolean {
  return Boolean(a && b && a.documentId === b.documentId && a.approvalId === b.approvalId && a.fieldId === b.fieldId);
}
