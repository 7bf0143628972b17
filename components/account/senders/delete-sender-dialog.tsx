"use client";

import { useTranslations } from "use-intl";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useToast } from "@/components/ui/toast";
import type { WireSender } from "@/lib/api/senders";
import { useDeleteSender } from "@/lib/console/queries/senders";

/** Deletes a sender, or (spec 3.5) locks them when they still have drafts or packages in their inbox. */
export function DeleteSenderDialog({ sender, onClose }: { sender: WireSender; onClose: () => void }) {
  const t = useTranslations("console.senders");
  const toast = useToast();
  const remove = useDeleteSender(sender.id);
  const who = sender.name || sender.email;

  function confirm() {
    remove.mutate(undefined, {
      onSuccess: ({ outcome }) => {
        if (outcome === "LOCKED") toast.info(t("delete.locked", { who }));
        else toast.success(t("delete.deleted", { who }));
        onClose();
      },
    });
  }

  return (
    <ConfirmDialog
      title={t("delete.title", { who })}
      confirmLabel={t("delete.confirm")}
      busy={remove.isPending}
      error={remove.error}
      onConfirm={confirm}
      onClose={onClose}
    >
      <p>{t("delete.consequence", { who, email: sender.email })}</p>
      <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-950">
        {t.rich("delete.lockInstead", { strong: (chunks) => <strong>{chunks}</strong> })}
      </p>
    </ConfirmDialog>
  );
}
