import type { WireSender } from "@/lib/api/senders";
import { SenderActions, type SenderDialog } from "./sender-actions";
import { SenderStatusCell } from "./sender-status-badge";
import { YouBadge } from "./you-badge";

/** The senders of one page as cards (phones), the same content as the table's rows. */
export function SenderCards({ senders, label, currentUserId, onOpen }: { senders: WireSender[]; label: string; currentUserId: string; onOpen: (dialog: SenderDialog, sender: WireSender) => void }) {
  return (
    <ul aria-label={label} className="space-y-3">
      {senders.map((sender) => (
        <li key={sender.id} data-testid="sender-row" data-sender-id={sender.id} className="rounded-lg border border-slate-200 bg-white p-4">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div className="min-w-0">
              <p className="font-medium text-slate-900">
                {sender.name || "—"}
                {sender.id === currentUserId ? <YouBadge /> : null}
              </p>
              <p className="text-sm break-all text-slate-700">{sender.email}</p>
              {sender.company || sender.title ? <p className="text-xs text-slate-600">{[sender.company, sender.title].filter(Boolean).join(" · ")}</p> : null}
            </div>
            <SenderStatusCell status={sender.status} />
          </div>
          <div className="mt-3 flex justify-end">
            <SenderActions sender={sender} self={sender.id === currentUserId} onOpen={onOpen} />
          </div>
        </li>
      ))}
    </ul>
  );
}
