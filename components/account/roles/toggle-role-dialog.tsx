"use client";

import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useToast } from "@/components/ui/toast";
import type { WireAccountRole } from "@/lib/api/account-roles";
import { useUpdateRole } from "@/lib/console/queries/account-roles";

/** Enables or disables a role after saying what changes: its holders gain or lose its permissions at once. */
export function ToggleRoleDialog({ role, enable, onClose }: { role: WireAccountRole; enable: boolean; onClose: () => void }) {
  const toast = useToast();
  const update = useUpdateRole(role.id);
  const verb = enable ? "Enable" : "Disable";

  function confirm() {
    // The promise, not mutate's onSuccess: see role-dialog.tsx.
    update.mutateAsync({ enabled: enable }).then(
      (saved) => {
        toast.success(`The role ${saved.name} is ${saved.enabled ? "enabled" : "disabled"}.`);
        onClose();
      },
      () => undefined,
    );
  }

  return (
    <ConfirmDialog
      title={`${verb} ${role.name}?`}
      confirmLabel={`${verb} role`}
      variant={enable ? "primary" : "danger"}
      busy={update.isPending}
      error={update.error}
      onConfirm={confirm}
      onClose={onClose}
    >
      <p>
        {enable
          ? "Everyone who holds this role gets its permissions back at once."
          : "Everyone who holds this role loses its permissions at once, unless another of their roles gives them. They keep the role, and get its permissions back if you enable it again."}
      </p>
    </ConfirmDialog>
  );
}
