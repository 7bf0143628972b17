import type { WireSender } from "@/lib/api/senders";
import { SenderActions, type SenderDialog } from "./sender-actions";
import { SenderStatusCell } from "./sender-status-badge";
import { YouBadge } from "./you-badge";

/** The senders of one page as a table (wide screens). */
export function SenderTable({ senders, caption, currentUserId, onOpen }: { senders: WireSender[]; caption: string; currentUserId: string; onOpen: (dialog: SenderDialog, sender: WireSender) => void }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wide text-slate-700">
          <tr>
            <th scope="col" className="px-3 py-2 font-semibold">
              Name
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              E-mail
            </th>
            <th scope="col" className="hidden px-3 py-2 font-semibold lg:table-cell">
              Company and title
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              Status
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {senders.map((sender) => (
            <tr key={sender.id} data-testid="sender-row" data-sender-id={sender.id}>
              <td className="px-3 py-3 align-top font-medium text-slate-900">
                {sender.name || "—"}
                {sender.id === currentUserId ? <YouBadge /> : null}
              </td>
              <td className="px-3 py-3 align-top break-all text-slate-800">{sender.email}</td>
              <td className="hidden px-3 py-3 align-top text-slate-800 lg:table-cell">{[sender.company, sender.title].filter(Boolean).join(" · ") || "—"}</td>
              <td className="px-3 py-3 align-top">
                <SenderStatusCell status={sender.status} />
              </td>
              <td className="px-3 py-3 text-right align-top">
                <SenderActions sender={sender} self={sender.id === currentUserId} onOpen={onOpen} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
