"use client";

import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useToast } from "@/components/ui/toast";
import type { WireGroup } from "@/lib/api/groups";
import { useDeleteGroup } from "@/lib/console/queries/groups";

/** Deletes a group after saying what that means; its members stay senders of the account. */
export function DeleteGroupDialog({ group, onClose }: { group: WireGroup; onClose: () => void }) {
  const toast = useToast();
  const remove = useDeleteGroup(group.id);

  function confirm() {
    remove.mutate(undefined, {
      onSuccess: () => {
        toast.success(`The group ${group.name} was deleted.`);
        onClose();
      },
    });
  }

  return (
    <ConfirmDialog
      title={`Delete ${group.name}?`}
      confirmLabel="Delete group"
      busy={remove.isPending}
      error={remove.error}
      onConfirm={confirm}
      onClose={onClose}
    >
      <p>
        {group.name} ({group.email}) can no longer be chosen as a signer. Its members stay senders of the account.
      </p>
      <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-950">
        Packages already sent to the group keep its name and e-mail, but its members will no longer find them in their inbox.
      </p>
    </ConfirmDialog>
  );
}
