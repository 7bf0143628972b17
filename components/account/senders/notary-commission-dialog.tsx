"use client";

import { CommissionEditor } from "@/components/account/notary/commission-form";
import { Dialog } from "@/components/ui/dialog";
import type { WireSender } from "@/lib/api/senders";

/** Another sender's notary commission, set by an owner or manager (users.manage) for a notarized package naming them. */
export function NotaryCommissionDialog({ sender, onClose }: { sender: WireSender; onClose: () => void }) {
  const who = sender.name || sender.email;
  return (
    <Dialog open onClose={onClose} title={`Notary commission of ${who}`}>
      <div className="space-y-3 text-sm text-slate-700">
        <p>A package naming {who} as its notary is sent only with a commission in force; their electronic notary seal shows it.</p>
        <CommissionEditor senderId={sender.id} senderName={who} />
      </div>
    </Dialog>
  );
}
