"use client";

import type { ReactNode } from "react";
import { useTranslations } from "use-intl";
import { Button } from "./button";
import { Dialog } from "./dialog";
import { Refusal } from "./states";

/**
 * A question before a change that is hard to take back: what it means (`children`), the
 * service's refusal if it came, Cancel (`cancelLabel`, else the page language's word) and the
 * confirming button.
 */
export function ConfirmDialog({
  title,
  confirmLabel,
  cancelLabel,
  variant = "danger",
  busy,
  error,
  onConfirm,
  onClose,
  children,
}: {
  title: string;
  confirmLabel: string;
  cancelLabel?: string;
  variant?: "primary" | "danger";
  busy: boolean;
  error: Error | null;
  onConfirm: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const t = useTranslations("console.ui");
  return (
    <Dialog open onClose={onClose} title={title}>
      <div className="space-y-3 text-sm text-slate-700">
        {children}
        <Refusal message={error?.message} />
        <div className="flex flex-wrap justify-end gap-2 pt-2">
          <Button variant="secondary" onClick={onClose}>
            {cancelLabel ?? t("cancel")}
          </Button>
          <Button variant={variant} busy={busy} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
