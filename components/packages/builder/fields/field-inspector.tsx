"use client";

import { Button } from "@/components/ui/button";
import { CheckboxField, SelectField } from "@/components/ui/form-field";
import { fieldKindLabel, isFullSignature, isRequired, isSignerInput } from "./field-kinds";
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

function units(value: number): string {
  return `${Math.round(value * 10) / 10}`;
}

/** The selected field: whose it is, whether it must be filled, where it is; and removing it. */
export function FieldInspector({ view, signers, editable, onReassign, onRequired, onSignatureStyle, onDelete }: FieldInspectorProps) {
  const { field } = view;
  return (
    <div className="space-y-3 rounded-md border border-slate-200 bg-slate-50 p-3" data-testid="field-inspector">
      <div className="flex items-center gap-2">
        <span aria-hidden className="size-3 shrink-0 rounded-full" style={{ background: view.colour.solid }} />
        <h3 className="text-sm font-semibold text-slate-900">Selected: {fieldKindLabel(field)}</h3>
      </div>
      <p className="text-xs text-slate-700">
        Page {field.page + 1} · {units(field.left)}, {units(field.top)} px from the top-left · {units(field.width)} × {units(field.height)} px
      </p>
      <SelectField label="Signer" value={view.roleId} disabled={!editable} onChange={(event) => onReassign(event.target.value)} data-testid="field-inspector-signer">
        {signers.some((signer) => signer.roleId === view.roleId) ? null : <option value={view.roleId}>{view.signerName}</option>}
        {signers.map((signer) => (
          <option key={signer.roleId} value={signer.roleId}>
            {signer.name}
          </option>
        ))}
      </SelectField>
      {isFullSignature(field) ? (
        <SelectField
          label="Signature style"
          value={field.subtype === "FULLNAME" ? "FULLNAME" : "CAPTURE"}
          disabled={!editable}
          onChange={(event) => onSignatureStyle(event.target.value as "FULLNAME" | "CAPTURE")}
        >
          <option value="FULLNAME">Typed, signed with a click</option>
          <option value="CAPTURE">Drawn by hand</option>
        </SelectField>
      ) : null}
      {isSignerInput(field) ? (
        <CheckboxField
          label="Required"
          hint={field.subtype === "CHECKBOX" ? "The signer must tick it." : "The signer must fill it in."}
          checked={isRequired(field)}
          disabled={!editable}
          onChange={(event) => onRequired(event.target.checked)}
          data-testid="field-inspector-required"
        />
      ) : null}
      {editable ? (
        <>
          <p className="text-xs text-slate-600">
            Drag it or use the arrow keys to move it (Shift: 10 pt); drag its corner or press Shift+Alt+arrows to resize it; Delete removes it.
          </p>
          <Button variant="secondary" onClick={onDelete} className="w-full" data-testid="field-inspector-delete">
            Remove field
          </Button>
        </>
      ) : null}
    </div>
  );
}
