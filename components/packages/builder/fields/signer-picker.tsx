"use client";

import { useId } from "react";
import { useTranslations } from "use-intl";
import type { SignerColour } from "../signer-colours";

export interface SignerOption {
  roleId: string;
  name: string;
  colour: SignerColour;
}

/** Whose fields the palette places: one choice per signing role, each with its colour. */
export function SignerPicker({ signers, value, onChange, disabled }: { signers: SignerOption[]; value: string; onChange: (roleId: string) => void; disabled?: boolean }) {
  const t = useTranslations("console.builder");
  const name = useId();
  return (
    <fieldset disabled={disabled} data-testid="field-signer-picker">
      <legend className="text-sm font-medium text-slate-800">{t("fields.newFieldsFor")}</legend>
      <div className="mt-2 flex flex-wrap gap-2">
        {signers.map((signer) => {
          const checked = signer.roleId === value;
          return (
            <label
              key={signer.roleId}
              className="flex min-h-10 cursor-pointer items-center gap-2 rounded-full border-2 px-3 py-1 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-sky-600 has-[:focus-visible]:ring-offset-2"
              style={{ borderColor: checked ? signer.colour.solid : "#cbd5e1", background: checked ? signer.colour.tint : "#ffffff", color: checked ? signer.colour.text : "#0f172a" }}
              data-testid={`field-signer-${signer.roleId}`}
            >
              <input type="radio" name={name} value={signer.roleId} checked={checked} onChange={() => onChange(signer.roleId)} className="sr-only" />
              <span aria-hidden className="size-3 shrink-0 rounded-full" style={{ background: signer.colour.solid }} />
              <span className={checked ? "font-semibold" : ""}>{signer.name}</span>
              <span className="sr-only">({t(`colours.${signer.colour.name}`)})</span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
