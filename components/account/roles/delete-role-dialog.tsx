"use client";

import { useTranslations } from "use-intl";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useToast } from "@/components/ui/toast";
import type { WireAccountRole } from "@/lib/api/account-roles";
import { useDeleteRole } from "@/lib/console/queries/account-roles";

/** Deletes one of the account's own roles; everyone holding it loses it at once. */
export function DeleteRoleDialog({ role, onClose }: { role: WireAccountRole; onClose: () => void }) {
  const t = useTranslations("console.roles");
  const toast = useToast();
  const remove = useDeleteRole(role.id);

  function confirm() {
    // The promise, not mutate's onSuccess: see role-dialog.tsx.
    remove.mutateAsync().then(
      () => {
        toast.success(t("delete.deleted", { name: role.name }));
        onClose();
      },
      () => undefined,
    );
  }

  return (
    <ConfirmDialog
      title={t("delete.title", { name: role.name })}
      confirmLabel={t("delete.confirm")}
      busy={remove.isPending}
      error={remove.error}
      onConfirm={confirm}
      onClose={onClose}
    >
      <p>{t("delete.consequence", { name: role.name })}</p>
    </ConfirmDialog>
  );
}
