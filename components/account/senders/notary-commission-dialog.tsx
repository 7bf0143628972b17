"use client";

import { useTranslations } from "use-intl";
import { CommissionEditor } from "@/components/account/notary/commission-form";
import { Dialog } from "@/components/ui/dialog";
import type { WireSender } from "@/lib/api/senders";

/** Another sender's notary commission, set by an owner or manager (users.manage) for a notarized package naming them. */
export function NotaryCommissionDialog({ sender, onClose }: { sender: WireSender; onClose: () => void }) {
  const t = useTranslations("console.senders");
  const who = sender.name || sender.email;
  return (
    <Dialog open onClose={onClose} title={t("notary.title", { who })}>
      <div className="space-y-3 text-sm text-slate-700">
        <p>{t("notary.explain", { who })}</p>
        <CommissionEditor senderId={sender.id} senderName={who} />
      </div>
    </Dialog>
  );
}
