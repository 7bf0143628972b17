"use client";

import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useToast } from "@/components/ui/toast";
import type { ClientAppResponse } from "@/lib/api/client-apps";
import { useRevokeClientApp } from "@/lib/console/queries/integrations";

/** Revokes a client application after the user confirms: its tokens stop working at once, and it cannot be undone. */
export function RevokeClientAppDialog({ app, onClose }: { app: ClientAppResponse; onClose: () => void }) {
  const toast = useToast();
  const revoke = useRevokeClientApp(app.clientId);
  function confirm() {
    revoke.mutate(undefined, {
      onSuccess: () => {
        toast.success(`${app.name} was revoked.`);
        onClose();
      },
    });
  }
  return (
    <ConfirmDialog
      title={`Revoke ${app.name}?`}
      confirmLabel="Revoke application"
      busy={revoke.isPending}
      error={revoke.error}
      onConfirm={confirm}
      onClose={onClose}
    >
      <p>
        The access tokens it obtained stop working at once, and it can obtain no new ones. This cannot be undone: to connect the system again, create a new application.
      </p>
    </ConfirmDialog>
  );
}
