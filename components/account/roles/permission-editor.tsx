"use client";

import { useTranslations } from "use-intl";
import { CheckboxField } from "@/components/ui/form-field";
import type { WirePermission } from "@/lib/api/account-roles";
import { permissionAreas, usePermissionWords } from "./permission-areas";

interface PermissionEditorProps {
  catalogue: readonly WirePermission[];
  value: readonly string[];
  onChange: (permissions: string[]) => void;
  /** What the signed-in user holds (undefined: not known). Only the owner grants what they do not hold, so the rest is shown but cannot be ticked. */
  held: ReadonlySet<string> | undefined;
  error?: string;
}

/** The permission catalogue as check boxes with their descriptions, one group per area. */
export function PermissionEditor({ catalogue, value, onChange, held, error }: PermissionEditorProps) {
  const t = useTranslations("console.roles");
  const words = usePermissionWords();
  const chosen = new Set(value);
  function toggle(id: string, on: boolean) {
    // Kept in the catalogue's order, whatever order they were ticked in.
    onChange(catalogue.map((permission) => permission.id).filter((candidate) => (candidate === id ? on : chosen.has(candidate))));
  }
  return (
    <fieldset aria-describedby={error ? "permission-editor-error" : undefined}>
      <legend className="text-sm font-medium text-slate-800">{t("editor.legend")}</legend>
      <p className="mt-1 text-xs text-slate-600">{t("editor.chosen", { count: chosen.size })}</p>
      {error ? (
        <p id="permission-editor-error" className="mt-1 text-sm text-rose-700">
          {error}
        </p>
      ) : null}
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        {permissionAreas(catalogue).map((area) => (
          <fieldset key={area.area} className="rounded-md border border-slate-200 p-3" data-testid="permission-area">
            <legend className="px-1 text-sm font-semibold text-slate-900">{words.area(area.area)}</legend>
            <div className="space-y-2">
              {area.permissions.map((permission) => {
                const notHeld = held !== undefined && !held.has(permission.id);
                return (
                  <CheckboxField
                    key={permission.id}
                    label={words.permission(permission.id, permission.description)}
                    hint={
                      <>
                        <code>{permission.id}</code>
                        {notHeld ? t("editor.notHeld") : null}
                      </>
                    }
                    checked={chosen.has(permission.id)}
                    disabled={notHeld}
                    onChange={(event) => toggle(permission.id, event.target.checked)}
                  />
                );
              })}
            </div>
          </fieldset>
        ))}
      </div>
    </fieldset>
  );
}
