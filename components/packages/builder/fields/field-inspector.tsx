"use client";

import { useFormatter, useTranslations } from "use-intl";
import { Button } from "@/components/ui/button";
import { CheckboxField, SelectField } from "@/components/ui/form-field";
import { isFullSignature, isRequired, isSignerInput } from "./field-kinds";
import type { FieldView } from "./field-views";
import type { SignerOption } from "./signer-picker";

export interface FieldInspectorProps {
  view: FieldView;
  signers: SignerOption[];
  editable: boolean;
  onReassign: (roleId: string) => void;
  onRequired: (required: boolean) => void;
  onSignatureStyle: (subtype: "FULLNAME" | "CAPTURE") => void;
  onDelete: () => void;
}

/** The selected field: whose it is, whether it must be filled, where it is; and removing it. */
export function FieldInspector({ view, signers, editable, onReassign, onRequired, onSignatureStyle, onDelete }: FieldInspectorProps) {
  const t = useTranslations("console.builder.fields");
  const format = useFormatter();
  const { field } = view;
  // Positions to a tenth of a unit, in the sender's number format.
  const units = (value: number) => format.number(Math.round(value * 10) / 10, { maximumFractionDigits: 1, useGrouping: false });
  return (
    <div className="space-y-3 rounded-md border border-slate-200 bg-slate-50 p-3" data-testid="field-inspector">
      <div className="flex items-center gap-2">
        <span aria-hidden className="size-3 shrink-0 rounded-full" style={{ background: view.colour.solid }} />
        <h3 className="text-sm font-semibold text-slate-900">{t("selected", { kind: view.kind })}</h3>
      </div>
      <p className="text-xs text-slate-700">
        {t("position", { page: field.page + 1, left: units(field.left), top: units(field.top), width: units(field.width), height: units(field.height) })}
      </p>
      <SelectField label={t("signer")} value={view.roleId} disabled={!editable} onChange={(event) => onReassign(event.target.value)} data-testid="field-inspector-signer">
        {signers.some((signer) => signer.roleId === view.roleId) ? null : <option value={view.roleId}>{view.signerName}</option>}
        {signers.map((signer) => (
          <option key={signer.roleId} value={signer.roleId}>
            {signer.name}
          </option>
        ))}
      </SelectField>
      {isFullSignature(field) ? (
        <SelectField
          label={t("signatureStyle")}
          value={field.subtype === "FULLNAME" ? "FULLNAME" : "CAPTURE"}
          disabled={!editable}
          onChange={(event) => onSignatureStyle(event.target.value as "FULLNAME" | "CAPTURE")}
        >
          <option value="FULLNAME">{t("styleTyped")}</option>
          <option value="CAPTURE">{t("styleDrawn")}</option>
        </SelectField>
      ) : null}
      {isSignerInput(field) ? (
        <CheckboxField
          label={t("required")}
          hint={field.subtype === "CHECKBOX" ? t("requiredTick") : t("requiredFill")}
          checked={isRequired(field)}
          disabled={!editable}
          onChange={(event) => onRequired(event.target.checked)}
          data-testid="field-inspector-required"
        />
      ) : null}
      {editable ? (
        <>
          <p className="text-xs text-slate-600">{t("inspectorKeys")}</p>
          <Button variant="secondary" onClick={onDelete} className="w-full" data-testid="field-inspector-delete">
            {t("removeField")}
          </Button>
        </>
      ) : null}
    </div>
  );
}
