"use client";

import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useToast } from "@/components/ui/toast";
import type { WireSender } from "@/lib/api/senders";
import { useDeleteSender } from "@/lib/console/queries/senders";

/** Deletes a sender, or (spec 3.5) locks them when they still have drafts or packages in their inbox. */
export function DeleteSenderDialog({ sender, onClose }: { sender: WireSender; onClose: () => void }) {
  const toast = useToast();
  const remove = useDeleteSender(sender.id);
  const who = sender.name || sender.email;

  function confirm() {
    remove.mutate(undefined, {
      onSuccess: ({ outcome }) => {
        if (outcome === "LOCKED") toast.info(`${who} still has drafts or packages in their inbox, so they were locked instead of deleted.`);
        else toast.success(`${who} was deleted.`);
        onClose();
      },
    });
  }

  return (
    <ConfirmDialog
      title={`Delete ${who}?`}
      confirmLabel="Delete sender"
      busy={remove.isPending}
      error={remove.error}
      onConfirm={confirm}
      onClose={onClose}
    >
      <p>
        {who} ({sender.email}) will no longer be able to sign in or use their API key. Their sent and completed packages stay in the account.
      </p>
      <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-950">
        A sender who still has drafts or packages waiting in their inbox is <strong>locked</strong> instead of deleted: they can still read, but cannot change
        anything. You can open their packages to finish or trash them.
      </p>
    </ConfirmDialog>
  );
}
