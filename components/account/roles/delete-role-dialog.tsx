"use client";

import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useToast } from "@/components/ui/toast";
import type { WireAccountRole } from "@/lib/api/account-roles";
import { useDeleteRole } from "@/lib/console/queries/account-roles";

/** Deletes one of the account's own roles; everyone holding it loses it at once. */
export function DeleteRoleDialog({ role, onClose }: { role: WireAccountRole; onClose: () => void }) {
  const toast = useToast();
  const remove = useDeleteRole(role.id);

  function confirm() {
    // The promise, not mutate's onSuccess: see role-dialog.tsx.
    remove.mutateAsync().then(
      () => {
        toast.success(`The role ${role.name} was deleted.`);
        onClose();
      },
      () => undefined,
    );
  }

  return (
    <ConfirmDialog
      title={`Delete ${role.name}?`}
      confirmLabel="Delete role"
      busy={remove.isPending}
      error={remove.error}
      onConfirm={confirm}
      onClose={onClose}
    >
      <p>
        Everyone who holds {role.name} loses it, and its permissions with it unless another of their roles gives them. To stop it for a while instead,
        disable it.
      </p>
    </ConfirmDialog>
  );
}
