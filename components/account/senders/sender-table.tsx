"use client";

import { useTranslations } from "use-intl";
import { ColumnHeader, DataTable } from "@/components/ui/data-table";
import type { WireSender } from "@/lib/api/senders";
import { SenderActions, type SenderDialog } from "./sender-actions";
import { SenderStatusCell } from "./sender-status-badge";
import { YouBadge } from "./you-badge";

/** The senders of one page as a table (wide screens). */
export function SenderTable({ senders, caption, currentUserId, onOpen }: { senders: WireSender[]; caption: string; currentUserId: string; onOpen: (dialog: SenderDialog, sender: WireSender) => void }) {
  const t = useTranslations("console.senders");
  return (
    <DataTable
      caption={caption}
      columns={
        <>
          <ColumnHeader>{t("columns.name")}</ColumnHeader>
          <ColumnHeader>{t("columns.email")}</ColumnHeader>
          <ColumnHeader className="hidden lg:table-cell">{t("columns.companyAndTitle")}</ColumnHeader>
          <ColumnHeader>{t("columns.status")}</ColumnHeader>
          <ColumnHeader><span className="sr-only">{t("columns.actions")}</span></ColumnHeader>
        </>
      }
    >
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
    </DataTable>
  );
}
