"use client";

import { useId, useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "./button";
import { inputClass } from "./form-field";

/**
 * A value to hand on (a link, a key): shown read-only and selectable, with a button that copies
 * it. When the browser refuses the clipboard, the text is selected so the user can copy it.
 */
export function CopyField({ label, value, testId }: { label: string; value: string; testId?: string }) {
  const t = useTranslations("console.ui");
  const id = useId();
  const [copied, setCopied] = useState<"yes" | "refused" | null>(null);

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied("yes");
    } catch {
      (document.getElementById(id) as HTMLInputElement | null)?.select();
      setCopied("refused");
    }
  }

  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="mt-1 flex gap-2">
        <input id={id} readOnly value={value} onFocus={(event) => event.target.select()} className={`${inputClass} font-mono text-xs`} data-testid={testId} />
        <Button variant="secondary" onClick={() => void copy()} className="shrink-0">
          {t("copy")}
        </Button>
      </div>
      <p aria-live="polite" className="mt-1 min-h-4 text-xs text-slate-600">
        {copied === "yes" ? t("copied") : copied === "refused" ? t("copyRefused") : ""}
      </p>
    </div>
  );
}
