"use client";

import { useTranslations } from "use-intl";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useToast } from "@/components/ui/toast";
import type { WireAccountRole } from "@/lib/api/account-roles";
import { useUpdateRole } from "@/lib/console/queries/account-roles";

/** Enables or disables a role after saying what changes: its holders gain or lose its permissions at once. */
export function ToggleRoleDialog({ role, enable, onClose }: { role: WireAccountRole; enable: boolean; onClose: () => void }) {
  const t = useTranslations("console.roles");
  const toast = useToast();
  const update = useUpdateRole(role.id);

  function confirm() {
    // The promise, not mutate's onSuccess: see role-dialog.tsx.
    update.mutateAsync({ enabled: enable }).then(
      (saved) => {
        toast.success(saved.enabled ? t("toggle.enabled", { name: saved.name }) : t("toggle.disabled", { name: saved.name }));
        onClose();
      },
      () => undefined,
    );
  }

  return (
    <ConfirmDialog
      title={enable ? t("toggle.enableTitle", { name: role.name }) : t("toggle.disableTitle", { name: role.name })}
      confirmLabel={enable ? t("toggle.enable") : t("toggle.disable")}
      variant={enable ? "primary" : "danger"}
      busy={update.isPending}
      error={update.error}
      onConfirm={confirm}
      onClose={onClose}
    >
      <p>{enable ? t("toggle.enableConsequence") : t("toggle.disableConsequence")}</p>
    </ConfirmDialog>
  );
}
