"use client";

import { useTranslations } from "use-intl";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useToast } from "@/components/ui/toast";
import type { WireGroup } from "@/lib/api/groups";
import { useDeleteGroup } from "@/lib/console/queries/groups";

/** Deletes a group after saying what that means; its members stay senders of the account. */
export function DeleteGroupDialog({ group, onClose }: { group: WireGroup; onClose: () => void }) {
  const t = useTranslations("console.groups");
  const toast = useToast();
  const remove = useDeleteGroup(group.id);

  function confirm() {
    remove.mutate(undefined, {
      onSuccess: () => {
        toast.success(t("delete.deleted", { name: group.name }));
        onClose();
      },
    });
  }

  return (
    <ConfirmDialog
      title={t("delete.title", { name: group.name })}
      confirmLabel={t("delete.confirm")}
      busy={remove.isPending}
      error={remove.error}
      onConfirm={confirm}
      onClose={onClose}
    >
      <p>{t("delete.consequence", { name: group.name, email: group.email })}</p>
      <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-950">{t("delete.sentPackages")}</p>
    </ConfirmDialog>
  );
}
