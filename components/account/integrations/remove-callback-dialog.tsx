"use client";

import { useTranslations } from "use-intl";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useToast } from "@/components/ui/toast";
import { useRemoveCallback } from "@/lib/console/queries/integrations";

/** Removes the account's callback registration after the user confirms. */
export function RemoveCallbackDialog({ url, onClose }: { url: string; onClose: () => void }) {
  const t = useTranslations("console.integrations.callback");
  const toast = useToast();
  const remove = useRemoveCallback();
  function confirm() {
    // The promise, not mutate's onSuccess: the removal unmounts the form this dialog belongs to,
    // and TanStack Query drops the callbacks of an unmounted observer.
    remove.mutateAsync().then(
      () => {
        toast.success(t("removed"));
        onClose();
      },
      () => undefined, // shown by <Refusal>
    );
  }
  return (
    <ConfirmDialog
      title={t("removeTitle")}
      confirmLabel={t("remove")}
      busy={remove.isPending}
      error={remove.error}
      onConfirm={confirm}
      onClose={onClose}
    >
      <p>{t.rich("removeText", { url, address: (chunks) => <span className="break-all font-mono text-xs">{chunks}</span> })}</p>
    </ConfirmDialog>
  );
}
