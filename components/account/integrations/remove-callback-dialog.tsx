"use client";

import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useToast } from "@/components/ui/toast";
import { useRemoveCallback } from "@/lib/console/queries/integrations";

/** Removes the account's callback registration after the user confirms. */
export function RemoveCallbackDialog({ url, onClose }: { url: string; onClose: () => void }) {
  const toast = useToast();
  const remove = useRemoveCallback();
  function confirm() {
    // The promise, not mutate's onSuccess: the removal unmounts the form this dialog belongs to,
    // and TanStack Query drops the callbacks of an unmounted observer.
    remove.mutateAsync().then(
      () => {
        toast.success("The callback registration was removed.");
        onClose();
      },
      () => undefined, // shown by <Refusal>
    );
  }
  return (
    <ConfirmDialog
      title="Remove the callback registration?"
      confirmLabel="Remove registration"
      busy={remove.isPending}
      error={remove.error}
      onConfirm={confirm}
      onClose={onClose}
    >
      <p>
        No more notifications go to <span className="break-all font-mono text-xs">{url}</span>, and deliveries still waiting are cancelled. The delivery log stays.
      </p>
    </ConfirmDialog>
  );
}
