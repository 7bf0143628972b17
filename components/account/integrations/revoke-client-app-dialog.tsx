"use client";

import { useTranslations } from "use-intl";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useToast } from "@/components/ui/toast";
import type { ClientAppResponse } from "@/lib/api/client-apps";
import { useRevokeClientApp } from "@/lib/console/queries/integrations";

/** Revokes a client application after the user confirms: its tokens stop working at once, and it cannot be undone. */
export function RevokeClientAppDialog({ app, onClose }: { app: ClientAppResponse; onClose: () => void }) {
  const t = useTranslations("console.integrations.revokeApp");
  const toast = useToast();
  const revoke = useRevokeClientApp(app.clientId);
  function confirm() {
    revoke.mutate(undefined, {
      onSuccess: () => {
        toast.success(t("revoked", { name: app.name }));
        onClose();
      },
    });
  }
  return (
    <ConfirmDialog
      title={t("title", { name: app.name })}
      confirmLabel={t("confirm")}
      busy={revoke.isPending}
      error={revoke.error}
      onConfirm={confirm}
      onClose={onClose}
    >
      <p>{t("text")}</p>
    </ConfirmDialog>
  );
}
