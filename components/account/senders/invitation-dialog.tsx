"use client";

import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Refusal } from "@/components/ui/states";
import type { WireSender } from "@/lib/api/senders";
import { useReinviteSender } from "@/lib/console/queries/senders";
import { InvitationLink } from "./invitation-link";

/** The invitation link of a sender who has not activated yet, and a way to send a new one. */
export function InvitationDialog({ sender, onClose }: { sender: WireSender; onClose: () => void }) {
  const t = useTranslations("console.senders");
  const reinvite = useReinviteSender(sender.id);
  const link = reinvite.data?.activationUrl ?? sender.activationUrl;
  return (
    <Dialog open onClose={onClose} title={t("invitation.title", { who: sender.name || sender.email })}>
      <div className="space-y-3 text-sm text-slate-700">
        {link ? (
          <InvitationLink key={link} email={sender.email} activationUrl={link} />
        ) : (
          <p>{t("invitation.noLinks", { email: sender.email })}</p>
        )}
        {reinvite.isSuccess ? <p>{t("invitation.resent")}</p> : null}
        <Refusal message={reinvite.error?.message} />
        <div className="flex flex-wrap justify-end gap-2 pt-2">
          <Button variant="secondary" busy={reinvite.isPending} onClick={() => reinvite.mutate()}>
            {t("invitation.sendNew")}
          </Button>
          <Button onClick={onClose}>{t("invitation.done")}</Button>
        </div>
      </div>
    </Dialog>
  );
}
